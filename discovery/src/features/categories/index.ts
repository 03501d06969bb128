// The categories feature's public surface for the other features of discovery.
export { categoriesApi } from './api';
