import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { waitFor } from '@testing-library/react';
import { renderWithStore, authAccounts } from 'shared/testing';
import { LoginDialog } from './LoginDialog';
import { LoginForm } from './LoginForm';
import { selectUserData, setShowLogin } from 'shared/state';
import { act } from 'react';

async function fill(email: string, password: string) {
  if (email) await userEvent.type(screen.getByLabelText('Email'), email);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('LoginForm', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('puts its welcome one level below the title around it: h3 in the dialog, h2 on the page', () => {
    const { unmount } = renderWithStore(<LoginForm />);
    expect(screen.getByRole('heading', { name: 'Welcome to Homestory', level: 3 })).toBeInTheDocument();
    unmount();
    renderWithStore(<LoginForm headingLevel={2} />);
    expect(screen.getByRole('heading', { name: 'Welcome to Homestory', level: 2 })).toBeInTheDocument();
  });

  it('shows the welcome, fields, divider, Google and guest buttons', () => {
    renderWithStore(<LoginForm />);
    expect(screen.getByRole('heading', { name: 'Welcome to Homestory' })).toBeInTheDocument();
    expect(screen.getByText('or')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in as a Guest user' })).toBeInTheDocument();
  });

  it('puts the guest button in a form posted to /login with the return path, for a press before the scripts run', () => {
    renderWithStore(<LoginForm action="/login?next=%2Ftrips" />, { path: '/login?next=%2Ftrips' });
    const guest = screen.getByRole('button', { name: 'Sign in as a Guest user' });
    expect(guest).toHaveAttribute('type', 'submit');
    expect(guest).toHaveAttribute('name', 'guest');
    expect(guest).toHaveAttribute('value', '1');
    const form = guest.closest('form')!;
    expect(form.getAttribute('action')).toBe('/login?next=%2Ftrips');
    expect(form.method).toBe('post');
    expect(new FormData(form, guest).get('guest')).toBe('1');
  });

  it("signs the visitor into a guest account of their own: anonymous, named Guest, no email or password sent", async () => {
    const authRequests = authAccounts({});
    const { store } = renderWithStore(<LoginForm />, { path: '/login' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in as a Guest user' }));
    await waitFor(() => expect(selectUserData(store.getState())).toMatchObject({ name: 'Guest', email: null, isAnonymous: true }));
    expect(authRequests).toEqual([{ endpoint: 'signup', body: expect.objectContaining({ data: { name: 'Guest' } }) as unknown }]);
    expect(authRequests[0]!.body).not.toHaveProperty('email');
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it('signs in as the guest when a page of this site asked for it', async () => {
    authAccounts({});
    const { store } = renderWithStore(<LoginForm guestRequested />, { path: '/login' });
    await waitFor(() => expect(selectUserData(store.getState())?.isAnonymous).toBe(true));
  });

  it('asks for both fields: "Email and password are required."', async () => {
    const authRequests = authAccounts({});
    renderWithStore(<LoginForm />);
    await fill('a@b.c', '');
    expect(screen.getByRole('alert')).toHaveTextContent('Email and password are required.');
    expect(authRequests).toEqual([]);
  });

  it('says so when the password is wrong for an existing account', async () => {
    authAccounts({ 'ada@x.io': 'right-one' });
    renderWithStore(<LoginForm />);
    await fill('ada@x.io', 'wrong-one');
    expect(await screen.findByRole('alert')).toHaveTextContent('That password is not right for this email.');
  });

  it('signs a new email up and asks for the name', async () => {
    authAccounts({});
    const { store } = renderWithStore(<LoginForm />);
    await fill('new@x.io', 'secret12');
    expect(await screen.findByRole('heading', { name: 'Finish signing up' })).toBeInTheDocument();
    expect(selectUserData(store.getState())?.email).toBe('new@x.io');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your name.');
  });

  it('Forgot password? sends a reset link for the email and says to check it; Back to log in returns', async () => {
    const authRequests = authAccounts({});
    renderWithStore(<LoginForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your email.');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@x.io');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If an account exists for ada@x.io, we sent it a code and a link');
    expect(authRequests).toEqual([{ endpoint: 'recover', body: expect.objectContaining({ email: 'ada@x.io' }) as unknown }]);
    await userEvent.click(screen.getByRole('button', { name: 'Back to log in' }));
    expect(screen.getByRole('heading', { name: 'Welcome to Homestory' })).toBeInTheDocument();
  });
});

describe('LoginDialog', () => {
  it('opens from the app slice, is titled "Log in or sign up" and closes on its close button', async () => {
    const { store } = renderWithStore(<LoginDialog />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => {
      store.dispatch(setShowLogin(true));
    });
    expect(screen.getByRole('dialog', { name: 'Log in or sign up' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(store.getState().app.showLogin).toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
