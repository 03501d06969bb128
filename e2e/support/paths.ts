import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The backends' CORS list in tests: pages on any local port (tests serve site copies on their own ports). */
export const E2E_ALLOWED_ORIGINS = 'http://localhost:*,http://127.0.0.1:*';

/** GET /metrics of the backend the suites start themselves (globalSetup.ts). */
export const SUITE_BACKEND_METRICS = 'http://127.0.0.1:54320/metrics';

/**
 * GET /metrics of the backend behind the site under test: the suites' own, else a running
 * `npm start`'s (METRICS_PORT 9464 by default), or E2E_BACKEND_METRICS_URL.
 */
export const backendMetricsUrl = () => process.env.E2E_BACKEND_METRICS_URL || 'http://127.0.0.1:9464/metrics';
