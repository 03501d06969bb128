/**
 * Real visitors' web vitals (issue 45): a page view in Chromium measures its LCP, INP and CLS
 * with web-vitals and, when the page is left, sends them to the backend's POST /vitals/v1, which
 * counts them in Prometheus histograms per route on its metrics port. The backend's side
 * (hostile reports, limits, the histograms' text) is backend/test/vitals.test.ts.
 */
import { backendMetricsUrl } from '../support/paths';
import { expect, test } from '../support/test';

const ROUTE = '/house/:id';

/** Page views counted so far of each metric for ROUTE. */
async function counts(): Promise<Record<'lcp' | 'cls', number>> {
  const text = await (await fetch(backendMetricsUrl())).text();
  const count = (name: string) => Number(new RegExp(`^${name}_count\\{route="${ROUTE.replace(/[/:]/g, '\\$&')}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
  return { lcp: count('web_vitals_lcp_seconds'), cls: count('web_vitals_cls') };
}

test('a listing page view lands in the backend histograms of /house/:id when the visitor leaves', async ({ page }) => {
  const before = await counts();
  // web-vitals is loaded once the page has rendered; the report is sent when the page is hidden.
  await page.goto('/house/1');
  await expect(page.locator('html')).toHaveAttribute('data-vitals', 'measuring');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Leaving the page hides it: the beacon goes (Playwright does not see it as the page's request).
  await page.goto('about:blank');
  // Other tests' page views may be counted too: at least this one. INP is reported only for an
  // interaction of 40 ms or more (web-vitals' threshold), which a quick click on a quiet machine is
  // not: the backend's side of INP is backend/test/vitals.test.ts.
  await expect
    .poll(async () => {
      const now = await counts();
      return now.lcp > before.lcp && now.cls > before.cls;
    })
    .toBe(true);
});
