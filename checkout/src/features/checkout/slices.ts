/**
 * The lazy slice the booking page reads: the card-entry state it owns. Injected once, when the
 * feature loads; the injected slice's selectors answer the initial state until the slice has
 * seen its first action.
 */
import { injectCardSlice } from 'shared/store';

const card = injectCardSlice();

export const { selectCardErrors, selectFirstBtnClick, selectHasCardError } = card.selectors;
