import type { Page } from './test';

/** Errors and warnings the page logs (a hydration mismatch among them), gathered as it runs. */
export function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  return problems;
}
