import '@testing-library/jest-dom/vitest';
import { resetBackend, supabaseServer } from 'shared/testing';

beforeAll(() => supabaseServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  supabaseServer.resetHandlers();
  resetBackend();
  // The supabase client keeps its session in localStorage: each test starts signed out
  // (suites in the node environment have no localStorage).
  if (typeof localStorage !== 'undefined') localStorage.clear();
});
afterAll(() => supabaseServer.close());
