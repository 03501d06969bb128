import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The backends' CORS list in tests: pages on any local port (tests serve site copies on their own ports). */
export const E2E_ALLOWED_ORIGINS = 'http://localhost:*,http://127.0.0.1:*';
