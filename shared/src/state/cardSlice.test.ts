import { describe, expect, it } from 'vitest';
import type { UnknownAction } from '@reduxjs/toolkit';
import {
  cardDeclined,
  cardFieldChanged,
  cardSlice,
  cardSubmitted,
  initialCardState,
  resetCard,
  selectCardErrorMessages,
  type CardState,
} from './cardSlice';

const reduce = (actions: UnknownAction[]): CardState => actions.reduce(cardSlice.reducer, initialCardState);

describe('card entry state', () => {
  it('starts with no error', () => {
    expect(cardSlice.reducer(undefined, { type: 'init' })).toEqual({ errors: [], hasError: false, firstBtnClick: false });
  });

  it('field errors are flagged in field order, and cleared when fixed', () => {
    const state = reduce([
      cardFieldChanged({ field: 'cvc', error: true }),
      cardFieldChanged({ field: 'number', error: true }),
    ]);
    expect(state.errors).toEqual(['cardError', 'cvcError']);
    expect(state.hasError).toBe(false);
    expect(reduce([cardFieldChanged({ field: 'cvc', error: true }), cardFieldChanged({ field: 'cvc', error: false })]).errors).toEqual([]);
  });

  it('a submit with incomplete fields raises the banner and the messages', () => {
    const state = reduce([cardSubmitted(['cvcError', 'cardError', 'ExpiryError'])]);
    expect(state).toMatchObject({ firstBtnClick: true, hasError: true, errors: ['cardError', 'ExpiryError', 'cvcError'] });
    expect(selectCardErrorMessages({ card: state })).toEqual([
      'Check your card number',
      'Check your expiry date',
      'Check your CVC',
    ]);
  });

  it('after a submit the banner follows the fields', () => {
    const state = reduce([cardSubmitted(['ExpiryError']), cardFieldChanged({ field: 'expiry', error: false })]);
    expect(state).toMatchObject({ errors: [], hasError: false, firstBtnClick: true });
  });

  it('a complete card submits without an error', () => {
    expect(reduce([cardSubmitted([])])).toMatchObject({ firstBtnClick: true, hasError: false, errors: [] });
  });

  it('a declined card raises the banner; reset clears everything', () => {
    expect(reduce([cardSubmitted([]), cardDeclined()]).hasError).toBe(true);
    expect(reduce([cardSubmitted(['cardError']), resetCard()])).toEqual(initialCardState);
  });
});
