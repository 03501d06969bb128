export const LOGIN_TITLE = 'Log in or sign up';
