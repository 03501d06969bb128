import { installMatchMedia, setViewportWidth } from './viewport';

installMatchMedia();
// jsdom does not scroll; the search's "back to the top" is a no-op here.
window.scrollTo = () => {};
beforeEach(() => setViewportWidth(1280));
