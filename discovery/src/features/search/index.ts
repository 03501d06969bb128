// The search feature's public surface for the other features of discovery.
export { isRestrictingSearch, selectLastSearch, selectSearching, setLastSearch, setSearching } from './searchSlice';
export { useRunSearch } from './hooks/useRunSearch';
export { homePath, homeSearchWith, useSearchFromUrl } from './hooks/useSearchFromUrl';
