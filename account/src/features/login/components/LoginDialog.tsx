/**
 * The login dialog, mounted by the shell the first time it is asked for, then kept: opened by
 * the app slice's showLogin (the user menu's Log in and Sign up, a favourite or Reserve while
 * signed out), visible 50 ms after opening, closed by its close button, Escape, an outside
 * click or a successful login. Opened with a return path (Reserve), a login goes there.
 */
import { useAppDispatch, useAppSelector } from 'shared/store';
import { selectLoginReturnPath, selectShowLogin, setShowLogin } from 'shared/state';
import { LOGIN_DIALOG_DELAY_MS } from 'shared/rules';
import { Dialog } from 'shared/ui';
import { LoginForm } from './LoginForm';
import { LOGIN_TITLE } from './texts';

export function LoginDialog() {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectShowLogin);
  const returnTo = useAppSelector(selectLoginReturnPath);
  const close = () => dispatch(setShowLogin(false));
  return (
    <Dialog open={open} onClose={close} title={LOGIN_TITLE} revealDelayMs={LOGIN_DIALOG_DELAY_MS}>
      <LoginForm onLoggedIn={close} returnTo={returnTo} />
    </Dialog>
  );
}
