/** shared/testing: the jsdom suites' one harness (msw answering supabase-js, and a render helper), and the spec's catalogue prices. */
export * from './renderWithStore';
export * from './supabaseServer';
export * from './specPrices';
