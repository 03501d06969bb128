/**
 * The lazy slices the booking page reads: the card-entry state it owns and the search form it
 * takes the chosen dates and guests from. Injected once, when the feature loads; the injected
 * slices' selectors answer the initial state until the slice has seen its first action.
 */
import { injectCardSlice, injectFormSlice } from 'shared/store';

const card = injectCardSlice();
const form = injectFormSlice();

export const { selectCardErrors, selectFirstBtnClick, selectHasCardError } = card.selectors;
export const { selectDateRange, selectGuestCounts } = form.selectors;
