/**
 * Login & Security's two-step sign-in (issue 33): set up an authenticator app (scan the QR code
 * or type the key, then confirm with its first code), or remove it (with a code when this session
 * did not use it). Once set up, logging in asks for the app's code, and changing the password, the
 * email, or a place's price or cancellation policy needs a session that gave it.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useAppDispatch } from 'shared/store';
import { confirmTwoStep, removeTwoStep, startTwoStep, twoStepStatus, type Enrolment, type TwoStepStatus } from 'shared/session';
import { TextField } from '../../../components/TextField';
import controls from '../../../components/FormControls.module.css';
import styles from './LoginSecurity.module.css';

type Stage = { kind: 'loading' } | { kind: 'ready'; status: TwoStepStatus } | { kind: 'enrolling'; enrolment: Enrolment };

export function TwoStepSection() {
  const dispatch = useAppDispatch();
  const ids = useId();
  const [stage, setStage] = useState<Stage>({ kind: 'loading' });
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const load = async () => {
    const result = await dispatch(twoStepStatus());
    if (result.ok) setStage({ kind: 'ready', status: result.status });
    else setMessage({ ok: false, text: result.message });
  };

  useEffect(() => {
    void load();
    // Loaded once when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setMessage(null);
    await work();
    setBusy(false);
  };

  const onStart = () =>
    run(async () => {
      const result = await dispatch(startTwoStep());
      if (result.ok) {
        setCode('');
        setStage({ kind: 'enrolling', enrolment: result.enrolment });
      } else setMessage({ ok: false, text: result.message });
    });

  const onConfirm = (event: FormEvent, factorId: string) => {
    event.preventDefault();
    return run(async () => {
      const result = await dispatch(confirmTwoStep(factorId, code));
      if (!result.ok) {
        setMessage({ ok: false, text: result.message });
        return;
      }
      setCode('');
      setStage({ kind: 'ready', status: { factorId, verified: true } });
      setMessage({ ok: true, text: 'Two-step sign-in is on. Next time you log in, enter the code from your app.' });
    });
  };

  const onRemove = (event: FormEvent, status: TwoStepStatus) => {
    event.preventDefault();
    return run(async () => {
      const result = await dispatch(removeTwoStep(status.factorId!, code, status.verified));
      if (!result.ok) {
        setMessage({ ok: false, text: result.message });
        return;
      }
      setCode('');
      setStage({ kind: 'ready', status: { factorId: null, verified: false } });
      setMessage({ ok: true, text: 'Two-step sign-in is off.' });
    });
  };

  const codeField = (
    <TextField
      id={`${ids}-code`}
      label="6-digit code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      value={code}
      onChange={(event) => setCode(event.target.value)}
    />
  );
  const outcome = message && (
    <p className={message.ok ? styles.success : controls.error} role={message.ok ? 'status' : 'alert'}>
      {message.text}
    </p>
  );
  const heading = (
    <h3 id={`${ids}-title`} className={styles.heading}>
      Two-step sign-in
    </h3>
  );

  if (stage.kind === 'loading') {
    return (
      <section className={styles.section} aria-labelledby={`${ids}-title`} aria-busy={message ? undefined : 'true'}>
        {heading}
        {outcome}
      </section>
    );
  }

  if (stage.kind === 'enrolling') {
    const { enrolment } = stage;
    return (
      <form className={styles.section} onSubmit={(event) => void onConfirm(event, enrolment.factorId)} noValidate aria-labelledby={`${ids}-title`}>
        {heading}
        <p className={styles.hint}>Scan this QR code with an authenticator app (such as Google Authenticator or 1Password), then enter the code it shows.</p>
        <img className={styles.qr} src={enrolment.qrCode} alt="QR code for your authenticator app" width={176} height={176} />
        <p className={styles.hint}>
          Can&apos;t scan it? Enter this key in the app: <code className={styles.secret}>{enrolment.secret}</code>
        </p>
        {codeField}
        {outcome}
        <button type="submit" className={controls.primary} disabled={busy}>
          {busy ? 'Checking...' : 'Turn on'}
        </button>
        <button type="button" className={controls.secondary} disabled={busy} onClick={() => void run(load)}>
          Cancel
        </button>
      </form>
    );
  }

  const { status } = stage;
  if (status.factorId === null) {
    return (
      <section className={styles.section} aria-labelledby={`${ids}-title`}>
        {heading}
        <p className={styles.hint}>Off. Add an authenticator app: logging in will then also ask for the code it shows, and so will changing your password, your email, or a place's price or cancellation policy.</p>
        {outcome}
        <button type="button" className={controls.secondary} disabled={busy} onClick={() => void onStart()}>
          {busy ? 'Setting up...' : 'Set up authenticator app'}
        </button>
      </section>
    );
  }

  return (
    <form className={styles.section} onSubmit={(event) => void onRemove(event, status)} noValidate aria-labelledby={`${ids}-title`}>
      {heading}
      <p className={styles.hint}>On: logging in asks for the code from your authenticator app.</p>
      {!status.verified && codeField}
      {outcome}
      <button type="submit" className={controls.secondary} disabled={busy}>
        {busy ? 'Removing...' : 'Remove authenticator app'}
      </button>
    </form>
  );
}
