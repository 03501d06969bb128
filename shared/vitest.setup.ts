import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { resetBackend, supabaseServer } from 'shared/testing';

// findBy* and waitFor wait 1 s by default; CI runs these suites niced beside the browser and
// backend suites (load 10+ on 2 cores), where a page's first read took longer than that.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => supabaseServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  // Testing Library unmounts after each test by a hook it registers when first imported: once per
  // worker when files share one (isolate: false), so it is called here for every file.
  cleanup();
  supabaseServer.resetHandlers();
  resetBackend();
  // The supabase client keeps its session in localStorage: each test starts signed out
  // (suites in the node environment have no localStorage).
  if (typeof localStorage !== 'undefined') localStorage.clear();
});
afterAll(() => supabaseServer.close());
