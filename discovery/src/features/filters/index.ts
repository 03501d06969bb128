// The filters feature's public surface: the results page's Filters button and dialog.
export { Filters } from './components/Filters';
