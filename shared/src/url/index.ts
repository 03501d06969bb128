/** shared/url: the one module that reads and writes what the URL owns (the search, the stay, the way back after sign-in). */
export * from './returnPath';
export * from './searchParams';
export * from './searchSummary';
export * from './useStay';
