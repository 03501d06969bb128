// The search feature's public surface for the other features of discovery.
export { selectSearching, setSearching } from './searchSlice';
export { homeSearchOf, useHomeSearch } from './hooks/useHomeSearch';
export { homePath, homeSearchWith, useSearchFromUrl } from './hooks/useSearchFromUrl';
export { useDialogFocus } from './hooks/useDialogFocus';
