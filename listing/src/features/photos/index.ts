// The photos feature's public surface for the listing page.
export { PhotoCarousel } from './components/PhotoCarousel';
export { PhotoGallery } from './components/PhotoGallery';
export { PhotoGrid } from './components/PhotoGrid';
