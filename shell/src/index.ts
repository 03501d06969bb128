// An async boundary, so shared singletons are negotiated before any module uses them.
import { afterFirstPaint } from './app/afterFirstPaint';

void afterFirstPaint().then(() => import('./bootstrap'));
