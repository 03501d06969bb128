/**
 * The authenticator app's code for a password or email change (Login & Security, the reset
 * page): the server refuses those without it once the account has one (needsCode).
 */
import { useId, useState } from 'react';
import { proveTwoStep, type AuthOutcome } from 'shared/session';
import { useAppDispatch } from 'shared/store';
import { TextField } from './TextField';

type Refusal = { ok: false; message: string };

/**
 * The authenticator app's code a change asked for (needsCode): shown once the server refused the
 * change without it; `prove` raises the session with it before the change is sent again.
 */
export function useTwoStepCode() {
  const dispatch = useAppDispatch();
  const id = useId();
  const [asked, setAsked] = useState(false);
  const [code, setCode] = useState('');
  return {
    field: asked ? (
      <TextField
        id={id}
        label="Code from your authenticator app"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
    ) : null,
    /** Null when the session may go on, else why not. */
    async prove(): Promise<Refusal | null> {
      if (!asked) return null;
      const proved = await dispatch(proveTwoStep(code));
      return proved.ok ? null : proved;
    },
    /** After the change's answer: ask for the code when it needs one; forget it once done. */
    answered(result: AuthOutcome) {
      if (!result.ok && 'needsCode' in result) setAsked(true);
      if (result.ok) {
        setAsked(false);
        setCode('');
      }
    },
  };
}

