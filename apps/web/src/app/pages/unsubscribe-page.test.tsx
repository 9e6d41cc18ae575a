import { NOTIFICATION_MESSAGES } from '@studybuddy/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { createQueryClient } from '@/lib/query-client';
import { setXsrfCookie } from '@/testing/cookies';
import { createTestI18n } from '@/testing/i18n';
import { jsonResponse } from '@/testing/render';
import el from '../../../public/assets/i18n/el.json';
import { routes } from '../router';

/** The real route table in memory, signed out, as the e-mail's link opens it. */
function renderAt(path: string) {
  const i18n = createTestI18n();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return i18n;
}

/** The server: answers the unsubscribe with `answer` and records what was sent. */
function fakeServer(answer: () => Response) {
  const sent: { body: unknown; headers: Headers }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/reminders/unsubscribe' && init?.method === 'POST') {
        sent.push({ body: JSON.parse(String(init.body)), headers: new Headers(init.headers) });
        return answer();
      }
      return jsonResponse({ message: 'Not here.', code: 'not_found' }, 404);
    }),
  );
  return sent;
}

const turnOff = { name: 'Turn off reminders' };

describe('the unsubscribe page', () => {
  // The screen loads on first visit: loaded once ahead, each test times the screen itself.
  beforeAll(async () => {
    await import('./unsubscribe-page');
  });
  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.betaAccepted, 'true');
    setXsrfCookie('xsrf-1');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('turns reminders off only when asked, signed out, and shows what the server said', async () => {
    const user = userEvent.setup();
    const sent = fakeServer(() => jsonResponse({ message: NOTIFICATION_MESSAGES.unsubscribed }));
    renderAt('/unsubscribe?token=abc.def');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Stop lesson reminders?' }),
    ).toBeTruthy();
    await vi.waitFor(() => expect(document.title).toBe('Stop lesson reminders? · StudyBuddy'));
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', turnOff));
    // Found by its text: the loading overlay is a status too while a slow call runs.
    const said = await screen.findByText(
      'You will get no more lesson reminders. You can turn them on again in your profile.',
    );
    expect(said.getAttribute('role')).toBe('status');
    expect(sent.map((s) => s.body)).toEqual([{ token: 'abc.def' }]);
    expect(sent[0]?.headers.get('Authorization')).toBeNull();
    expect(screen.queryByRole('button', turnOff)).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe(
      '/',
    );
  });

  it('shows the server’s answer in the student’s language', async () => {
    const user = userEvent.setup();
    fakeServer(() => jsonResponse({ message: NOTIFICATION_MESSAGES.unsubscribed }));
    const i18n = renderAt('/unsubscribe?token=abc');
    i18n.addResourceBundle('el', 'translation', el);
    await act(() => i18n.changeLanguage('el'));
    await user.click(await screen.findByRole('button', { name: el.unsubscribe.button }));
    const said = await screen.findByText(el.notifications.messages.unsubscribed);
    expect(said.getAttribute('role')).toBe('status');
  });

  it('says the link is bad when the server refuses its token', async () => {
    const user = userEvent.setup();
    fakeServer(() =>
      jsonResponse(
        { message: NOTIFICATION_MESSAGES.badUnsubscribeLink, code: 'validation_failed' },
        400,
      ),
    );
    renderAt('/unsubscribe?token=tampered');
    await user.click(await screen.findByRole('button', turnOff));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This unsubscribe link is not valid.',
    );
  });

  it('says the link is bad at once when it has no token, and sends nothing', async () => {
    const sent = fakeServer(() => jsonResponse({ message: 'x' }));
    renderAt('/unsubscribe');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This unsubscribe link is not valid.',
    );
    expect(screen.queryByRole('button', turnOff)).toBeNull();
    expect(sent).toEqual([]);
  });
});
