// An async boundary, so shared singletons are negotiated before any module uses them.
void import('./bootstrap');
