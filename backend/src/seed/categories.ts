// The category strip's names (discovery spec section 2): one list for the front end and the seed,
// defined in shared. Rooms.filter holds exactly one of these.
export { CATEGORIES } from '../../../shared/src/rules/constants.ts';

export type Category = string;
