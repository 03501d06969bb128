// The contact feature's public surface for the listing page.
export { ContactHost } from './components/ContactHost';
