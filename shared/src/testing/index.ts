/** shared/testing: the jsdom suites' one harness (msw answering supabase-js, and a render helper). */
export * from './renderWithStore';
export * from './supabaseServer';
