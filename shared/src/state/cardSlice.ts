/**
 * Card entry on the booking page (accounts spec sections 3 and 5): the field error flags (cardError, ExpiryError, cvcError), whether a submit was attempted and
 * whether the 'Let's try that again' banner (hasError) shows.
 */
import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { CARD_ERROR_FLAG, CARD_ERROR_MESSAGES, type CardErrorFlag, type CardField } from 'shared/rules';

export interface CardState {
  errors: CardErrorFlag[];
  hasError: boolean;
  /** A submit was attempted at least once. */
  firstBtnClick: boolean;
}

export const initialCardState: CardState = {
  errors: [],
  hasError: false,
  firstBtnClick: false,
};

const FLAG_ORDER: readonly CardErrorFlag[] = ['cardError', 'ExpiryError', 'cvcError'];

export const cardSlice = createSlice({
  name: 'card',
  initialState: initialCardState,
  reducers: {
    /**
     * A field changed: whether it is in error. An error the
     * field no longer has is cleared; the banner follows the errors once a submit was tried.
     */
    cardFieldChanged(state, action: PayloadAction<{ field: CardField; error: boolean }>) {
      const { field, error } = action.payload;
      const flag = CARD_ERROR_FLAG[field];
      const others = state.errors.filter((f) => f !== flag);
      state.errors = FLAG_ORDER.filter((f) => others.includes(f) || (error && f === flag));
      if (state.firstBtnClick) state.hasError = state.errors.length > 0;
    },
    /** Request to book was pressed; `errors` are the fields that are not complete. */
    cardSubmitted(state, action: PayloadAction<CardErrorFlag[]>) {
      state.firstBtnClick = true;
      state.errors = FLAG_ORDER.filter((f) => action.payload.includes(f));
      state.hasError = state.errors.length > 0;
    },
    /** The processor refused the card (declined): the banner shows until the card changes. */
    cardDeclined(state) {
      state.hasError = true;
    },
    resetCard() {
      return initialCardState;
    },
  },
  selectors: {
    selectCardErrors: (state) => state.errors,
    selectHasCardError: (state) => state.hasError,
    selectFirstBtnClick: (state) => state.firstBtnClick,
    /** The messages to show under the card fields, in field order. */
    selectCardErrorMessages: createSelector([(state: CardState) => state.errors], (errors) =>
      errors.map((flag) => CARD_ERROR_MESSAGES[flag]),
    ),
  },
});

export const { cardFieldChanged, cardSubmitted, cardDeclined, resetCard } = cardSlice.actions;
export const {
  selectCardErrors,
  selectHasCardError,
  selectFirstBtnClick,
  selectCardErrorMessages,
} = cardSlice.selectors;
