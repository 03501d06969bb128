import '@testing-library/jest-dom/vitest';
import { resetBackend, supabaseServer } from 'shared/testing/supabaseServer';

beforeAll(() => supabaseServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  supabaseServer.resetHandlers();
  resetBackend();
});
afterAll(() => supabaseServer.close());
