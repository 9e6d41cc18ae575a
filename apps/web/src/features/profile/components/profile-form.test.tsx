import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import el from '../../../../public/assets/i18n/el.json';
import { ProfileForm } from './profile-form';

const profile = {
  username: 'ana_k',
  firstName: 'Ana',
  lastName: 'Kostas',
  email: 'ana@example.com',
  notifyOnLesson: true,
  weekStartsOn: 'sunday' as const,
};

describe('ProfileForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reveals the password fields and clears them when they are hidden again', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ProfileForm profile={profile} />);
    const toggle = screen.getByRole('button', { name: 'Change password' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByLabelText('Current password')).toBeNull();

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('Hide password fields');
    await user.type(screen.getByLabelText('Current password'), 'old secret');
    await user.type(screen.getByLabelText('New password'), 'new secret 1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new secret 1');

    await user.click(toggle);
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Confirm new password') as HTMLInputElement).value).toBe('');
  });

  it('sends the whole form value without the hidden password fields and confirms the save', async () => {
    const user = userEvent.setup();
    setXsrfCookie();
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        bodies.push(JSON.parse(String(init?.body)));
        return jsonResponse({ ...profile, firstName: 'Anna' });
      }),
    );
    renderWithProviders(<ProfileForm profile={profile} />);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await user.type(screen.getByLabelText('Current password'), 'typed then hidden');
    await user.click(screen.getByRole('button', { name: 'Hide password fields' }));
    const firstName = screen.getByLabelText(/^First name/);
    await user.clear(firstName);
    await user.type(firstName, 'Anna');
    await user.selectOptions(screen.getByLabelText('Weeks start on'), 'Monday');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeTruthy();
    expect(bodies).toEqual([
      {
        firstName: 'Anna',
        lastName: 'Kostas',
        email: 'ana@example.com',
        password: '',
        newPassword: '',
        confirmNewPassword: '',
        notifyOnLesson: true,
        weekStartsOn: 'monday',
      },
    ]);
  });

  it('does not save while invalid and shows the wrong-password error on its field', async () => {
    const user = userEvent.setup();
    setXsrfCookie();
    const fetchMock = vi.fn(async () =>
      jsonResponse(
        {
          message: 'Validation failed',
          code: 'wrong_password',
          details: [{ path: 'password', message: 'The current password is not correct.' }],
        },
        400,
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ProfileForm profile={profile} />);
    const email = screen.getByRole('textbox', { name: /^Email/ });
    await user.clear(email);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email is required.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(email, 'anna@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The current password is not correct.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Hide password fields' })).toBeTruthy(),
    );
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
  });

  it('puts a too-common new password error on the New password field, translated by its code', async () => {
    const user = userEvent.setup();
    setXsrfCookie();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          {
            message: 'This password is one of the most common ones and easy to guess.',
            code: 'password_too_common',
            details: [
              {
                path: 'newPassword',
                message: 'This password is one of the most common ones and easy to guess.',
              },
            ],
          },
          400,
        ),
      ),
    );
    const { i18n } = renderWithProviders(<ProfileForm profile={profile} />);
    i18n.addResourceBundle('el', 'translation', el);
    await act(() => i18n.changeLanguage('el'));
    await user.click(screen.getByRole('button', { name: el.profile.changePassword }));
    await user.type(screen.getByLabelText(el.profile.currentPassword), 'old secret');
    await user.type(screen.getByLabelText(el.profile.newPassword), 'Football1');
    await user.type(screen.getByLabelText(el.profile.confirmNewPassword), 'Football1');
    await user.click(screen.getByRole('button', { name: el.profile.save }));
    expect(await screen.findByText(el.errors.password_too_common)).toBeTruthy();
    expect(screen.getByLabelText(el.profile.newPassword).getAttribute('aria-invalid')).toBe('true');
  });
});
