/**
 * Sends a signed-out visitor elsewhere after a delay (trips to /login, account settings to /,
 * after 1 s). The delay lets the session finish loading: a user who turns up in time stays.
 */
import { useEffect } from 'react';
import { useNavigate } from 'shared/router';
import { useAppSelector } from 'shared/store';
import { selectIsLoggedIn } from 'shared/state';

export function useRedirectWhenSignedOut(to: string, delayMs: number): boolean {
  const signedIn = useAppSelector(selectIsLoggedIn);
  const navigate = useNavigate();
  useEffect(() => {
    if (signedIn) return undefined;
    const timer = setTimeout(() => void navigate(to, { replace: true }), delayMs);
    return () => clearTimeout(timer);
  }, [signedIn, navigate, to, delayMs]);
  return signedIn;
}
