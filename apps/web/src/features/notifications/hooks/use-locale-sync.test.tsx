import type { CurrentUser } from '@studybuddy/contracts';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { testUser } from '@/testing/users';
import el from '../../../../public/assets/i18n/el.json';
import { useLocaleSync } from './use-locale-sync';

const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The session's user, with the language and zone the server held at sign-in. */
function student(id: number, held: { language: string; timeZone: string }): CurrentUser {
  return testUser({ id, username: `s${id}`, email: `s${id}@example.com`, ...held });
}

/** What a new account holds until the app says otherwise. */
const SERVER_DEFAULT = {
  language: 'en',
  timeZone: timeZone === 'Asia/Tokyo' ? 'UTC' : 'Asia/Tokyo',
};

function Probe({ user }: { user: CurrentUser | null }) {
  useLocaleSync(user);
  return <p>probe</p>;
}

/** The probe that can be unmounted and mounted again, and signed in as another student. */
function Harness({ held = SERVER_DEFAULT }: { held?: { language: string; timeZone: string } }) {
  const [shown, setShown] = useState(true);
  const [userId, setUserId] = useState(1);
  return (
    <>
      {shown ? <Probe user={student(userId, held)} /> : null}
      <button type="button" onClick={() => setShown((v) => !v)}>
        toggle
      </button>
      <button type="button" onClick={() => setUserId(2)}>
        other student
      </button>
    </>
  );
}

function fakeServer() {
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/account/locale' && init?.method === 'PUT') {
        puts.push(JSON.parse(String(init.body)));
        return jsonResponse({ message: 'Saved.' });
      }
      return jsonResponse({});
    }),
  );
  return puts;
}

describe('useLocaleSync', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends nothing while signed out', async () => {
    const puts = fakeServer();
    renderWithProviders(<Probe user={null} />);
    await screen.findByText('probe');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(puts).toEqual([]);
  });

  it('sends the language and time zone once, and again only when the language changes', async () => {
    setXsrfCookie();
    const puts = fakeServer();
    const user = userEvent.setup();
    const { i18n } = renderWithProviders(<Harness />);
    await vi.waitFor(() => expect(puts).toEqual([{ language: 'en', timeZone }]));

    // A remount (the lesson's layout and back) is no reason to send it again.
    await user.click(screen.getByRole('button', { name: 'toggle' }));
    expect(screen.queryByText('probe')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'toggle' }));
    await screen.findByText('probe');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(puts).toHaveLength(1);

    i18n.addResourceBundle('el', 'translation', el);
    await act(() => i18n.changeLanguage('el'));
    await vi.waitFor(() =>
      expect(puts).toEqual([
        { language: 'en', timeZone },
        { language: 'el', timeZone },
      ]),
    );
  });

  it('sends again for another student signing in', async () => {
    setXsrfCookie();
    const puts = fakeServer();
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'other student' }));
    await vi.waitFor(() => expect(puts).toHaveLength(2));
  });

  it('sends nothing while the server already holds the language and zone, and the change when it comes', async () => {
    setXsrfCookie();
    const puts = fakeServer();
    const { i18n } = renderWithProviders(<Harness held={{ language: 'en', timeZone }} />);
    await screen.findByText('probe');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(puts).toEqual([]);

    i18n.addResourceBundle('el', 'translation', el);
    await act(() => i18n.changeLanguage('el'));
    await vi.waitFor(() => expect(puts).toEqual([{ language: 'el', timeZone }]));
    // Back to English: the session still says English, but the server now holds Greek.
    await act(() => i18n.changeLanguage('en'));
    await vi.waitFor(() =>
      expect(puts).toEqual([
        { language: 'el', timeZone },
        { language: 'en', timeZone },
      ]),
    );
  });
});
