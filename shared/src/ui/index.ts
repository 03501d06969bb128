/** shared/ui: UI primitives (design tokens are the separate shared/ui/tokens.css). */
export * from './calendar';
export * from './Dialog';
/** The confirmation dialogs' panel, body and actions (delete a draft, cancel a trip). */
export { default as confirmDialogStyles } from './ConfirmDialog.module.css';
export * from './GuestCounter';
export * from './listing-card';
export * from './map';
export * from './PriceBreakdown';
export * from './Skeleton';
export * from './Toasts';
export * from './typedBeforeHydration';
