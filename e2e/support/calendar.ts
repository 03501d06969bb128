import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Pages the calendar in `scope` (shared/src/ui/calendar) forward until `target` is shown, at most
 * `maxPages` times. After each click it waits for the first month shown to change before looking
 * again: a look straight after a click can still see the old months, and a second click then pages
 * past the target (a loaded run paged a listing's calendar to its last month that way).
 */
export async function pageCalendarTo(scope: Page | Locator, target: Locator, maxPages: number): Promise<void> {
  const firstMonth = scope.locator('[data-month] h3').first();
  for (let i = 0; i < maxPages && !(await target.isVisible()); i += 1) {
    const shown = (await firstMonth.textContent()) ?? '';
    await scope.getByRole('button', { name: 'Next month' }).click();
    await expect(firstMonth).not.toHaveText(shown);
  }
}
