/**
 * Card fields for the built-in test processor: number, expiry (MM/YY) and CVC, checked with the
 * shared card rules (Luhn, a future expiry, a complete CVC) as the user types, and a confirm
 * step for cards that ask for authentication (4000 0025 0000 3155).
 */
import { useEffect, useId, useRef, useState } from 'react';
import {
  CARD_ERROR_FLAG,
  CARD_ERROR_MESSAGES,
  cardErrors,
  isCardNumberValid,
  isCvcValid,
  isExpiryValid,
  type CardField,
  toIsoDay,
} from 'shared/rules';
import { cardFieldChanged } from 'shared/state';
import { selectCardErrors, selectFirstBtnClick } from '../slices';
import { useAppDispatch, useAppSelector } from 'shared/store';
import { useAuthenticateTestCardPaymentMutation, useConfirmTestCardPaymentMutation } from '../api';
import type { CardPort } from '../hooks/cardPort';
import { AuthenticateDialog } from './AuthenticateDialog';
import styles from './CardFields.module.css';

function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

function formatExpiry(value: string, previous: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  // Deleting the slash deletes the month's last digit too.
  if (previous.endsWith('/') && value.length < previous.length) return digits.slice(0, 1);
  if (digits.length >= 3) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  if (digits.length === 2 && value.length > previous.length) return `${digits}/`;
  return digits;
}

const today = () => toIsoDay(new Date());

const VALID: Record<CardField, (value: string) => boolean> = {
  number: isCardNumberValid,
  expiry: (value) => isExpiryValid(value, today()),
  cvc: isCvcValid,
};

export function TestCardForm({ onPort, disabled }: { onPort: (port: CardPort) => void; disabled: boolean }) {
  const dispatch = useAppDispatch();
  const errors = useAppSelector(selectCardErrors);
  const submitted = useAppSelector(selectFirstBtnClick);
  const [values, setValues] = useState({ number: '', expiry: '', cvc: '' });
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const [confirmCard] = useConfirmTestCardPaymentMutation();
  const [authenticate] = useAuthenticateTestCardPaymentMutation();
  const [authenticating, setAuthenticating] = useState<((approve: boolean) => void) | null>(null);
  const ids = { number: useId(), expiry: useId(), cvc: useId() };

  useEffect(() => {
    onPort({
      check: () => cardErrors(valuesRef.current, today()),
      async confirm(clientSecret, billing) {
        const { number, expiry, cvc } = valuesRef.current;
        const [month, year] = expiry.split('/').map((part) => Number(part.trim()));
        const first = await confirmCard({
          clientSecret,
          card: { number, exp_month: month ?? 0, exp_year: 2000 + (year ?? 0), cvc },
          billingDetails: billing,
        }).unwrap();
        if (first.status !== 'requires_action') return first;
        const approve = await new Promise<boolean>((resolve) => setAuthenticating(() => resolve));
        setAuthenticating(null);
        return authenticate({ clientSecret, approve }).unwrap();
      },
    });
  }, [onPort, confirmCard, authenticate]);

  const change = (field: CardField, raw: string) => {
    const value =
      field === 'number' ? formatCardNumber(raw) : field === 'expiry' ? formatExpiry(raw, values.expiry) : raw.replace(/\D/g, '').slice(0, 4);
    setValues((current) => ({ ...current, [field]: value }));
    dispatch(cardFieldChanged({ field, error: !VALID[field](value) }));
  };

  const shownError = (field: CardField) => submitted && errors.includes(CARD_ERROR_FLAG[field]);
  const errorId = (field: CardField) => `${ids[field]}-error`;
  const field = (name: CardField, label: string, props: { autoComplete: string; placeholder: string; maxLength: number }) => (
    <div className={`${styles.field} ${shownError(name) ? styles.invalid : ''}`}>
      <label htmlFor={ids[name]}>{label}</label>
      <input
        id={ids[name]}
        name={name === 'number' ? 'cardnumber' : name}
        inputMode="numeric"
        value={values[name]}
        disabled={disabled}
        aria-invalid={shownError(name)}
        aria-describedby={shownError(name) ? errorId(name) : undefined}
        onChange={(event) => change(name, event.target.value)}
        {...props}
      />
    </div>
  );

  return (
    <div>
      <div className={styles.box}>
        {field('number', 'Card number', { autoComplete: 'cc-number', placeholder: '0000 0000 0000 0000', maxLength: 23 })}
        <div className={styles.row}>
          {field('expiry', 'Expiration', { autoComplete: 'cc-exp', placeholder: 'MM/YY', maxLength: 5 })}
          {field('cvc', 'CVC', { autoComplete: 'cc-csc', placeholder: '123', maxLength: 4 })}
        </div>
      </div>
      <ul className={styles.errors}>
        {(['number', 'expiry', 'cvc'] as const)
          .filter(shownError)
          .map((name) => (
            <li key={name} id={errorId(name)}>
              {CARD_ERROR_MESSAGES[CARD_ERROR_FLAG[name]]}
            </li>
          ))}
      </ul>
      <AuthenticateDialog open={authenticating !== null} onAnswer={(approve) => authenticating?.(approve)} />
    </div>
  );
}
