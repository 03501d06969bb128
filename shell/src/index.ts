// An async boundary, so shared singletons are negotiated before any module uses them.
import { afterFirstPaint } from './app/afterFirstPaint';
import { nextTask } from './app/nextTask';

// React is loaded and evaluated in a task of its own, then the app: evaluated together they were
// one task of several hundred milliseconds on a phone, which input waits behind.
void afterFirstPaint()
  .then(() => import('react-dom/client'))
  .then(nextTask)
  .then(() => import('./bootstrap'));
