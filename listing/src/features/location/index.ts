// The location feature's public surface for the listing page.
export { Location } from './components/Location';
