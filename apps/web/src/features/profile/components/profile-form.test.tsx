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
  reminderLeadMinutes: 30 as const,
  weekStartsOn: 'sunday' as const,
  isAdmin: false,
  isTeacher: false,
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
    await user.selectOptions(screen.getByLabelText('Remind me'), '60 minutes before');
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
        reminderLeadMinutes: 60,
        weekStartsOn: 'monday',
      },
    ]);
  });

  it('shows the reminder switch and its lead time, with where reminders appear', () => {
    renderWithProviders(<ProfileForm profile={{ ...profile, reminderLeadMinutes: 10 }} />);
    const remind = screen.getByRole('checkbox', { name: 'Remind me before every study session' });
    expect((remind as HTMLInputElement).checked).toBe(true);
    const lead = screen.getByRole('combobox', { name: 'Remind me' }) as HTMLSelectElement;
    expect(lead.value).toBe('10');
    expect([...lead.options].map((o) => [o.value, o.textContent])).toEqual([
      ['10', '10 minutes before'],
      ['30', '30 minutes before'],
      ['60', '60 minutes before'],
    ]);
    const hint = document.getElementById(lead.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(
      'Reminders appear under the bell, and by e-mail when this server sends e-mail.',
    );
  });

  it('saves the lead time even with the every-session switch off', async () => {
    const user = userEvent.setup();
    setXsrfCookie();
    const bodies: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body));
        bodies.push(body);
        return jsonResponse({ ...profile, notifyOnLesson: false, reminderLeadMinutes: 10 });
      }),
    );
    renderWithProviders(<ProfileForm profile={profile} />);
    await user.click(
      screen.getByRole('checkbox', { name: 'Remind me before every study session' }),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Remind me' }), '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your profile has been saved.')).toBeTruthy();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ notifyOnLesson: false, reminderLeadMinutes: 10 });
    expect((screen.getByRole('combobox', { name: 'Remind me' }) as HTMLSelectElement).value).toBe(
      '10',
    );
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
