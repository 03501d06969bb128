// The apps' one component-suite configuration (a relative path: vitest loads its config in Node).
import { appTestConfig } from '../shared/src/build/vitestConfig';

export default appTestConfig();
