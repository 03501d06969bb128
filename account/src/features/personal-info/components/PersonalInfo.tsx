/**
 * /lp, the Personal info tile's target (the spec does not show its content): the name, which
 * can be changed (user_metadata.name), and the email. Signed out, it goes to / after 1 s.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'shared/router';
import { ChevronRight } from 'lucide-react';
import { useAppDispatch, useAppSelector } from 'shared/store';
import { selectUserData, showToast } from 'shared/state';
import { REDIRECT_DELAY_MS } from 'shared/rules';
import { updateUserName, useRedirectWhenSignedOut } from 'shared/session';
import { TextField } from '../../../components/TextField';
import controls from '../../../components/FormControls.module.css';
import styles from './PersonalInfo.module.css';

export function PersonalInfo() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUserData);
  useRedirectWhenSignedOut('/', REDIRECT_DELAY_MS.accountSettingsToRoot);
  const ids = useId();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(user?.name ?? '');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!editing) setName(user?.name ?? '');
  }, [user?.name, editing]);

  if (!user) return <section className={styles.page} aria-busy="true" aria-label="Personal info" />;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    const outcome = await dispatch(updateUserName(name));
    setSaving(false);
    if (!outcome.ok) {
      setError(outcome.message);
      return;
    }
    setEditing(false);
    dispatch(showToast({ kind: 'success', message: 'Your name has been updated.' }));
  };

  return (
    <section className={styles.page} aria-labelledby={`${ids}-title`}>
      <nav aria-label="Account pages" className={styles.crumbs}>
        <Link to="/account-settings">Account</Link>
        <ChevronRight size={14} aria-hidden />
        <span aria-current="page">Personal info</span>
      </nav>
      <h1 id={`${ids}-title`} className={styles.title}>
        Personal info
      </h1>
      <div className={styles.item}>
        <div className={styles.itemHead}>
          <h2 className={styles.label}>Name</h2>
          {!editing && (
            <button type="button" className={styles.edit} onClick={() => setEditing(true)} aria-label="Edit name">
              Edit
            </button>
          )}
        </div>
        {editing ? (
          <form onSubmit={save} className={styles.form} noValidate>
            <TextField
              id={`${ids}-name`}
              label="Name"
              autoComplete="name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the edit form replaces the button just pressed: focus follows into it
              autoFocus
            />
            {error && (
              <p className={controls.error} role="alert">
                {error}
              </p>
            )}
            <div className={styles.actions}>
              <button type="submit" className={styles.save} disabled={saving}>
                {saving ? 'Saving...' : 'Save'}
              </button>
              <button
                type="button"
                className={styles.cancel}
                onClick={() => {
                  setEditing(false);
                  setError(null);
                }}
              >
                Cancel
              </button>
            </div>
          </form>
        ) : (
          <p className={styles.value}>{user.name ?? 'Not provided'}</p>
        )}
      </div>
      <div className={styles.item}>
        <h2 className={styles.label}>Email address</h2>
        <p className={styles.value}>{user.email ?? 'Not provided'}</p>
      </div>
    </section>
  );
}
