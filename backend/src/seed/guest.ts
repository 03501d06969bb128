// The shared demo account behind 'Sign in as a Guest user' (accounts spec section 6). Its
// credentials come from GUEST_EMAIL / GUEST_PASSWORD, else are made once per data folder and kept
// in <dataDir>/guest.json; the backend publishes them in public-config.json, never in front-end code.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BackendContext } from '../context.ts';

export interface GuestAccount {
  email: string;
  password: string;
}

export const GUEST_NAME = 'Guest';
/** The app_metadata flag of an account many people sign in to; RLS scopes its rows to a session. */
export const SHARED_ACCOUNT = 'shared_account';
const DEFAULT_EMAIL = 'guest@homestory.test';

export function guestAccount(ctx: Pick<BackendContext, 'dataDir' | 'config'>): GuestAccount {
  if (ctx.config.seed.guest) return ctx.config.seed.guest;
  const file = join(ctx.dataDir, 'guest.json');
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as GuestAccount;
    if (stored.email && stored.password) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const account = { email: DEFAULT_EMAIL, password: randomBytes(12).toString('base64url') };
  mkdirSync(ctx.dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(account, null, 2) + '\n', { mode: 0o600 });
  return account;
}
