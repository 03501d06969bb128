/** shared/rules: the spec's domain rules as pure functions and constants, also used by the server. */
export * from './cancellation';
export * from './card';
export * from './constants';
export * from './dateSelection';
export * from './distance';
export * from './earnings';
export * from './favourites';
export * from './guests';
export * from './pricing';
export * from './ratings';
export * from './regions';
export * from './reservation';
export * from './roomId';
export * from './searchMatch';
export * from './searchWindow';
export * from './summaries';
