import '@testing-library/jest-dom/vitest';
import { resetReads, supabaseServer } from 'shared/testing/supabaseServer';

beforeAll(() => supabaseServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  supabaseServer.resetHandlers();
  resetReads();
});
afterAll(() => supabaseServer.close());
