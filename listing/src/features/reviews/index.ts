// The reviews feature's public surface for the listing page.
export { Reviews } from './components/Reviews';
export { reviewsApi } from './api';
