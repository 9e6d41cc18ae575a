import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '@/lib/session';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { testUser } from '@/testing/users';
import { RegisterForm } from './register-form';

const submitButton = () => screen.getByRole('button', { name: 'Create account' });

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Username/), 'ana_k');
  await user.type(screen.getByLabelText(/^First name/), 'Ana');
  await user.type(screen.getByLabelText(/^Last name/), 'Kostas');
  await user.type(screen.getByLabelText(/^Email/), 'ana@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'correct horse');
  await user.type(screen.getByLabelText(/^Confirm password/), 'correct horse');
}

describe('RegisterForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the password messages once the fields are touched', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm onSuccess={() => {}} />);
    const password = screen.getByLabelText(/^Password/);
    await user.click(password);
    await user.tab();
    expect(await screen.findByText('Password is required.')).toBeTruthy();
    await user.type(password, 'short');
    expect(await screen.findByText('Password must be at least 8 characters.')).toBeTruthy();
  });

  it('says the passwords do not match only after the confirmation is touched', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm onSuccess={() => {}} />);
    await user.type(screen.getByLabelText(/^Password/), 'correct horse');
    expect(screen.queryByText('Passwords do not match.')).toBeNull();
    await user.type(screen.getByLabelText(/^Confirm password/), 'correct hors');
    await user.tab();
    expect(await screen.findByText('Passwords do not match.')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Confirm password/), 'e');
    await waitFor(() => expect(screen.queryByText('Passwords do not match.')).toBeNull());
  });

  it('keeps submit disabled until the form is valid and both checkboxes are ticked', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm onSuccess={() => {}} />);
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);
    await fillValidForm(user);
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByLabelText('I have read the Terms of Service'));
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByLabelText('I agree to the Terms of Service'));
    await waitFor(() => expect((submitButton() as HTMLButtonElement).disabled).toBe(false));
    await user.click(screen.getByLabelText('I agree to the Terms of Service'));
    await waitFor(() => expect((submitButton() as HTMLButtonElement).disabled).toBe(true));
  });

  it('registers, logs in with the same credentials and reports success', async () => {
    const user = userEvent.setup();
    setXsrfCookie();
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    const authUser = testUser({ id: 7, username: 'ana_k', name: 'Ana Kostas' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url, init });
        if (url === '/api/authentication/register') return jsonResponse(authUser, 201);
        return jsonResponse({ accessToken: 'jwt', token: 'jwt', expiresIn: 900, user: authUser });
      }),
    );
    const onSuccess = vi.fn();
    renderWithProviders(<RegisterForm onSuccess={onSuccess} />);
    await fillValidForm(user);
    await user.click(screen.getByLabelText('I have read the Terms of Service'));
    await user.click(screen.getByLabelText('I agree to the Terms of Service'));
    await waitFor(() => expect((submitButton() as HTMLButtonElement).disabled).toBe(false));
    await user.click(submitButton());
    await waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
    expect(calls.map((c) => c.url)).toEqual([
      '/api/authentication/register',
      '/api/authentication/login',
    ]);
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
      username: 'ana_k',
      firstName: 'Ana',
      lastName: 'Kostas',
      email: 'ana@example.com',
      password: 'correct horse',
    });
    expect(new Headers(calls[1]?.init?.headers).get('X-XSRF-TOKEN')).toBe('test-token');
    expect(getSession()).toMatchObject({ isLoggedIn: true, user: { username: 'ana_k' } });
    // Display data only: the token never reaches web storage.
    expect(JSON.stringify({ ...window.sessionStorage })).not.toContain('jwt');
    expect(window.localStorage.getItem('loggedIn')).toBe('true');
  });

  it('shows the server message and the field error when the e-mail is taken', async () => {
    const user = userEvent.setup();
    setXsrfCookie();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          {
            message: 'An account with this e-mail already exists.',
            code: 'email_taken',
            details: [{ path: 'email', message: 'This e-mail is already registered.' }],
          },
          409,
        ),
      ),
    );
    const onSuccess = vi.fn();
    renderWithProviders(<RegisterForm onSuccess={onSuccess} />);
    await fillValidForm(user);
    await user.click(screen.getByLabelText('I have read the Terms of Service'));
    await user.click(screen.getByLabelText('I agree to the Terms of Service'));
    await waitFor(() => expect((submitButton() as HTMLButtonElement).disabled).toBe(false));
    await user.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'An account with this e-mail already exists.',
    );
    expect(screen.getByText('This e-mail is already registered.')).toBeTruthy();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('opens the terms in a dialog and returns focus to the link on Close', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('StudyBuddy Terms of Service\n\nBe kind.', { status: 200 })),
    );
    renderWithProviders(<RegisterForm onSuccess={() => {}} />);
    const opener = screen.getByRole('button', { name: 'Read the Terms of Service' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Terms of Service' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(await screen.findByText('Be kind.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
