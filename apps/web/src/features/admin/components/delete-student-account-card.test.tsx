import { ADMIN_MESSAGES } from '@studybuddy/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, startSession } from '@/lib/session';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { testUser } from '@/testing/users';
import el from '../../../../public/assets/i18n/el.json';
import { DeleteStudentAccountCard } from './delete-student-account-card';

const user = testUser({ username: 'ada', email: 'ada@example.com', name: 'Ada L' });

/** Stubs fetch with one answer for every call and records the requests. */
function stubFetch(answer: () => Response) {
  const calls: { url: string; method: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method ?? 'GET' });
      return answer();
    }),
  );
  return calls;
}

async function fillAndSubmit(
  u: ReturnType<typeof userEvent.setup>,
  email: string,
  confirmation: string,
) {
  await u.type(screen.getByLabelText(/^Student’s e-mail address/), email);
  await u.type(screen.getByLabelText(/^Type the e-mail again to confirm/), confirmation);
  await u.click(screen.getByRole('button', { name: 'Delete the account' }));
}

describe('DeleteStudentAccountCard', () => {
  beforeEach(() => {
    startSession({ accessToken: 'access-1', token: 'access-1', expiresIn: 900, user });
    setXsrfCookie();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('shows the mismatch on the confirmation field and sends nothing', async () => {
    const u = userEvent.setup();
    const calls = stubFetch(() => jsonResponse({ message: 'Deleted.' }));
    renderWithProviders(<DeleteStudentAccountCard />);
    await fillAndSubmit(u, 'leaving@example.com', 'staying@example.com');
    const confirmation = screen.getByLabelText(/^Type the e-mail again to confirm/);
    expect(await screen.findByText(ADMIN_MESSAGES.confirmationMismatch)).toBeTruthy();
    expect(confirmation.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('writes the mismatch in the student’s language', async () => {
    const u = userEvent.setup();
    stubFetch(() => jsonResponse({ message: 'Deleted.' }));
    const { i18n } = renderWithProviders(<DeleteStudentAccountCard />);
    await fillAndSubmit(u, 'leaving@example.com', 'staying@example.com');
    await screen.findByText(ADMIN_MESSAGES.confirmationMismatch);
    i18n.addResourceBundle('el', 'translation', el);
    await act(() => i18n.changeLanguage('el'));
    expect(await screen.findByText(el.admin.delete.errors.confirmationMismatch)).toBeTruthy();
  });

  it('asks first, and Cancel sends nothing', async () => {
    const u = userEvent.setup();
    const calls = stubFetch(() => jsonResponse({ message: 'Deleted.' }));
    renderWithProviders(<DeleteStudentAccountCard />);
    await fillAndSubmit(u, 'leaving@example.com', 'leaving@example.com');
    const dialog = await screen.findByRole('dialog', { name: 'Delete this account?' });
    expect(dialog.textContent).toContain('This cannot be undone.');
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);
  });

  it("puts the server's refusal on the e-mail field", async () => {
    const u = userEvent.setup();
    const calls = stubFetch(() =>
      jsonResponse(
        {
          message: ADMIN_MESSAGES.notYourself,
          code: 'validation_failed',
          details: [{ path: 'email', message: ADMIN_MESSAGES.notYourself }],
        },
        400,
      ),
    );
    renderWithProviders(<DeleteStudentAccountCard />);
    await fillAndSubmit(u, 'ada@example.com', 'ada@example.com');
    const dialog = await screen.findByRole('dialog', { name: 'Delete this account?' });
    await u.click(within(dialog).getByRole('button', { name: 'Delete the account' }));
    expect(await screen.findByText('Delete your own account from your profile.')).toBeTruthy();
    expect(screen.getByLabelText(/^Student’s e-mail address/).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toEqual([{ url: '/api/admin/accounts/delete', method: 'POST' }]);
  });

  it('puts an unknown e-mail (a 404 with a message) on the e-mail field', async () => {
    const u = userEvent.setup();
    stubFetch(() =>
      jsonResponse({ message: ADMIN_MESSAGES.noSuchStudent, code: 'not_found' }, 404),
    );
    renderWithProviders(<DeleteStudentAccountCard />);
    await fillAndSubmit(u, 'nobody@example.com', 'nobody@example.com');
    const dialog = await screen.findByRole('dialog', { name: 'Delete this account?' });
    await u.click(within(dialog).getByRole('button', { name: 'Delete the account' }));
    expect(await screen.findByText('No account has this e-mail address.')).toBeTruthy();
    expect(screen.getByLabelText(/^Student’s e-mail address/).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows other failures above the form', async () => {
    const u = userEvent.setup();
    stubFetch(() => jsonResponse({ message: 'Too many requests.', code: 'rate_limited' }, 429));
    renderWithProviders(<DeleteStudentAccountCard />);
    await fillAndSubmit(u, 'leaving@example.com', 'leaving@example.com');
    const dialog = await screen.findByRole('dialog', { name: 'Delete this account?' });
    await u.click(within(dialog).getByRole('button', { name: 'Delete the account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests.');
  });
});
