import { describe, expect, it } from 'vitest';
import type { UnknownAction } from '@reduxjs/toolkit';
import {
  houseDetailSlice,
  initialHouseDetailState,
  mergeHouseInfo,
  resetHouseInfo,
  selectHouseInfo,
  setIsLoading,
  setIsVisible,
  setStartScroll,
  type HouseDetailState,
} from 'shared/state/houseDetailSlice';

const reduce = (actions: UnknownAction[]): HouseDetailState =>
  actions.reduce(houseDetailSlice.reducer, initialHouseDetailState);

describe('listing detail state', () => {
  it('starts empty, not loading, section bar hidden, at the top', () => {
    expect(houseDetailSlice.reducer(undefined, { type: 'init' })).toEqual({
      houseInfo: {},
      isLoading: false,
      isVisible: false,
      startScroll: true,
    });
  });

  it('merges what is known of the listing', () => {
    const state = reduce([mergeHouseInfo({ id: 3, city: 'Porto' }), mergeHouseInfo({ country: 'Portugal', city: 'Porto' })]);
    expect(selectHouseInfo({ houseDetail: state })).toEqual({ id: 3, city: 'Porto', country: 'Portugal' });
  });

  it('starts over for another listing', () => {
    expect(reduce([mergeHouseInfo({ id: 3, city: 'Porto' }), resetHouseInfo({ id: 4 })]).houseInfo).toEqual({ id: 4 });
    expect(reduce([mergeHouseInfo({ id: 3 }), resetHouseInfo(undefined)]).houseInfo).toEqual({});
  });

  it.each<[UnknownAction, Partial<HouseDetailState>]>([
    [setIsLoading(true), { isLoading: true }],
    [setIsVisible(true), { isVisible: true }],
    [setStartScroll(false), { startScroll: false }],
  ])('%o', (action, expected) => {
    expect(reduce([action])).toMatchObject(expected);
  });
});
