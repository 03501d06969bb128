import { describe, expect, it } from 'vitest';
import type { UnknownAction } from '@reduxjs/toolkit';
import {
  houseDetailSlice,
  initialHouseDetailState,
  selectSectionBarVisible,
  selectStartScroll,
  setIsVisible,
  setStartScroll,
  type HouseDetailState,
} from './houseDetailSlice';

const reduce = (actions: UnknownAction[]): HouseDetailState =>
  actions.reduce(houseDetailSlice.reducer, initialHouseDetailState);

describe('listing detail state', () => {
  it('starts with the section bar hidden, at the top, and holds no copy of the listing', () => {
    expect(houseDetailSlice.reducer(undefined, { type: 'init' })).toEqual({ isVisible: false, startScroll: true });
  });

  it.each<[UnknownAction, Partial<HouseDetailState>]>([
    [setIsVisible(true), { isVisible: true }],
    [setStartScroll(false), { startScroll: false }],
  ])('%o', (action, expected) => {
    expect(reduce([action])).toMatchObject(expected);
  });

  it('reads the bar and the scroll state', () => {
    const houseDetail = reduce([setIsVisible(true), setStartScroll(false)]);
    expect([selectSectionBarVisible({ houseDetail }), selectStartScroll({ houseDetail })]).toEqual([true, false]);
  });
});
