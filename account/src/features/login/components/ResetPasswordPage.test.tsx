import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PASSWORD_CODE_MESSAGE } from 'shared/session';
import { authAccounts, authTwoStep, createTestStore, renderWithStore, signedInClient, testConfig } from 'shared/testing';
import { ResetPasswordPage } from './ResetPasswordPage';

const EMAIL = 'ada@example.com';

describe('ResetPasswordPage', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('asks an account with an authenticator app for its code too, then sets the new password', async () => {
    // The reset link signed the traveller in (here: a session of the account, without its code).
    const calls = authAccounts({ [EMAIL]: 'forgotten' });
    authTwoStep(EMAIL, '654321');
    const store = createTestStore(testConfig, await signedInClient(EMAIL, 'forgotten'));
    renderWithStore(<ResetPasswordPage />, { store, path: '/reset-password' });
    await userEvent.type(await screen.findByLabelText('New password'), 'brand-new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSWORD_CODE_MESSAGE);
    await userEvent.type(screen.getByLabelText('Code from your authenticator app'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed.');
    expect(calls.filter((call) => call.endpoint === 'user').map((call) => call.body.password)).toEqual(['brand-new-password', 'brand-new-password']);
  });
});
