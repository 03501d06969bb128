/** shared/session: the auth session kept in the store, and the sign-in and sign-out actions. */
export * from './authActions';
export * from './session';
export * from './useRedirectWhenSignedOut';
export * from './twoStep';
