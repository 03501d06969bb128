// The results map's public surface for the page and the grid.
export { MapPane } from './components/MapPane';
export { highlightRoom } from './mapSlice';
