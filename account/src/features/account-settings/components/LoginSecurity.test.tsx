import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMAIL_CODE_MESSAGE, PASSWORD_CODE_MESSAGE, WRONG_CODE_MESSAGE } from 'shared/session';
import { authAccounts, authTwoStep, createTestStore, renderWithStore, signedInClient, testConfig, testUserId } from 'shared/testing';
import { LoginSecurityDialog } from './LoginSecurity';

const EMAIL = 'ada@example.com';
const CODE = '123456';

/** An account with an authenticator app, signed in with its password only (aal1), in the dialog. */
async function signedInWithPasswordOnly() {
  const calls = authAccounts({ [EMAIL]: 'old-password' });
  authTwoStep(EMAIL, CODE);
  const store = createTestStore(testConfig, await signedInClient(EMAIL, 'old-password'));
  renderWithStore(<LoginSecurityDialog open onClose={() => undefined} user={{ id: testUserId(EMAIL), email: EMAIL, name: 'Ada', isAnonymous: false }} />, { store });
  const forms = screen.getByRole('dialog', { name: 'Login & Security' }).querySelectorAll('form');
  return { password: within(forms[0]!), email: within(forms[1]!), calls };
}

describe('Login & Security with an authenticator app', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('asks for the code to change the password, refuses a wrong one, and changes it with the right one', async () => {
    const { password: form, calls } = await signedInWithPasswordOnly();
    await userEvent.type(form.getByLabelText('Current password'), 'old-password');
    await userEvent.type(form.getByLabelText('New password'), 'new-password');
    await userEvent.type(form.getByLabelText('Confirm new password'), 'new-password');
    await userEvent.click(form.getByRole('button', { name: 'Update password' }));
    expect(await form.findByRole('alert')).toHaveTextContent(PASSWORD_CODE_MESSAGE);
    const code = form.getByLabelText('Code from your authenticator app');

    await userEvent.type(code, '000000');
    await userEvent.click(form.getByRole('button', { name: 'Update password' }));
    expect(await form.findByText(WRONG_CODE_MESSAGE)).toBeInTheDocument();
    // The refused code sent no second change.
    expect(calls.filter((call) => call.endpoint === 'user')).toHaveLength(1);

    await userEvent.clear(code);
    await userEvent.type(code, CODE);
    await userEvent.click(form.getByRole('button', { name: 'Update password' }));
    expect(await form.findByRole('status')).toHaveTextContent('Your password has been updated.');
    expect(calls.filter((call) => call.endpoint === 'verify').map((call) => call.body.code)).toEqual(['000000', CODE]);
    expect(calls.filter((call) => call.endpoint === 'user').at(-1)!.body).toMatchObject({ password: 'new-password', current_password: 'old-password' });
    expect(form.queryByLabelText('Code from your authenticator app')).toBeNull();
  });

  it('asks for the code to change the email, then sends the change', async () => {
    const { email: form, calls } = await signedInWithPasswordOnly();
    await userEvent.type(form.getByLabelText('New email'), 'ada@new.example');
    await userEvent.click(form.getByRole('button', { name: 'Change email' }));
    expect(await form.findByRole('alert')).toHaveTextContent(EMAIL_CODE_MESSAGE);
    await userEvent.type(form.getByLabelText('Code from your authenticator app'), CODE);
    await userEvent.click(form.getByRole('button', { name: 'Change email' }));
    expect(await form.findByRole('status')).toHaveTextContent('We sent a confirmation link to ada@new.example');
    expect(calls.filter((call) => call.endpoint === 'user').map((call) => call.body.email)).toEqual(['ada@new.example', 'ada@new.example']);
  });
});
