/** shared/state: the store's slices (UI state only), their actions and selectors, and the selectors of the server data the spec's actions change. */
export * from './appSlice';
export * from './cardSlice';
export * from './formSlice';
export * from './toastSlice';
export * from './serverCache';
