/** shared/state: the store's slices (UI state only), their actions and selectors. */
export * from './appSlice';
export * from './cardSlice';
export * from './formSlice';
export * from './houseDetailSlice';
export * from './toastSlice';
