/** shared/api: the one RTK Query api instance and the endpoints injected into it. */
export * from './baseApi';
export * from './favoritesApi';
export * from './roomsApi';
export type * from './rows';
export * from './sessionApi';
