/**
 * axe-core's serious or critical WCAG 2.1 A/AA violations, once the page's finite animations have
 * ended: a dialog fading or sliding in is judged as it stays, not half transparent (its text
 * mid-fade fails colour contrast).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export interface Violation {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

export async function seriousViolations(page: Page, { include = [] as string[] } = {}): Promise<Violation[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of include) builder = builder.include(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

/** The violations as one line each (rule: targets), for an equality assertion's message. */
export const describeViolations = (violations: Violation[]) =>
  violations.map((violation) => `${violation.rule}: ${violation.targets.join(', ')}`);
