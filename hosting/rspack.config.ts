import { fileURLToPath } from 'node:url';
import type { Configuration } from '@rspack/core';
import { createAppBuild } from 'shared/build';
import { federation } from './module-federation.config';

export default (_env: Record<string, unknown>, argv: { mode?: 'production' | 'development' }): Configuration[] =>
  createAppBuild({ ...federation, dir: fileURLToPath(new URL('.', import.meta.url)) }, argv);
