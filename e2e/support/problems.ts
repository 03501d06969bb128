import type { Page } from './test';

/**
 * Chrome's warning that a preloaded file was not used "within a few seconds from the window's
 * load event": a clock, not a fault, that a loaded machine's slow scripts trip (a CI run saw it
 * once for the card photo the server preloads, which the page then showed).
 */
const PRELOAD_CLOCK = /was preloaded using link preload but not used within a few seconds/;

/** Errors and warnings the page logs (a hydration mismatch among them), gathered as it runs. */
export function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if ((message.type() === 'error' || message.type() === 'warning') && !PRELOAD_CLOCK.test(message.text())) problems.push(message.text());
  });
  return problems;
}
