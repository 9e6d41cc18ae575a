import type { AnkiPreview } from '@studybuddy/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, startSession } from '@/lib/session';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { testUser } from '@/testing/users';
import { AnkiImport } from './anki-import';

const preview: AnkiPreview = {
  token: 'tok-1',
  format: 'anki21b',
  decks: [
    {
      id: '11',
      name: 'Biology::Cells',
      notes: 4,
      cards: 5,
      reviews: 8,
      subject: 'Biology',
      topic: 'Cells',
    },
    {
      id: '13',
      name: 'Chemistry',
      notes: 2,
      cards: 2,
      reviews: 1,
      subject: 'Chemistry',
      topic: 'Chemistry',
    },
  ],
  warnings: [{ code: 'anki_sound_dropped', count: 2 }],
};

/** The server: the preview, the import, and the plan list for the target choice. */
function serve() {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body =
        init.body instanceof FormData
          ? init.body
          : init.body
            ? JSON.parse(String(init.body))
            : undefined;
      calls.push({ method, url, ...(body ? { body } : {}) });
      if (url === '/api/imports/anki/preview') {
        const file = (body as FormData).get('file') as File;
        if (!file.name.endsWith('.apkg'))
          return jsonResponse(
            {
              message: 'Choose an Anki package: a file ending in .apkg or .colpkg.',
              code: 'anki_wrong_extension',
            },
            400,
          );
        return jsonResponse(preview);
      }
      if (url === '/api/imports/anki')
        return jsonResponse({
          planId: 9,
          subjects: 1,
          topics: 1,
          cards: 5,
          reviews: 8,
          suspended: 1,
          duplicates: 0,
        });
      return jsonResponse([]);
    }),
  );
  return calls;
}

describe('AnkiImport', () => {
  beforeEach(() => {
    setXsrfCookie();
    startSession({ accessToken: 'access-1', token: 'access-1', expiresIn: 900, user: testUser() });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('shows the decks as subjects and topics, then imports only the decks kept', async () => {
    const user = userEvent.setup();
    const calls = serve();
    renderWithProviders(<AnkiImport plans={[]} />);
    await user.upload(
      screen.getByLabelText('Anki package'),
      new File(['PK'], 'study.apkg', { type: 'application/octet-stream' }),
    );
    await user.click(screen.getByRole('button', { name: 'Read the package' }));
    const table = await screen.findByRole('table', { name: 'Decks in the package' });
    expect(within(table).getByText('Biology › Cells')).toBeTruthy();
    expect(
      screen.getByText('2 sounds were left out: cards show text and images only.'),
    ).toBeTruthy();
    // Nothing is imported before the student confirms.
    expect(calls.some((c) => c.url === '/api/imports/anki')).toBe(false);

    await user.click(within(table).getByRole('checkbox', { name: /Chemistry/ }));
    await user.clear(screen.getByLabelText('Plan name'));
    await user.type(screen.getByLabelText('Plan name'), 'Second year');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('5 cards imported. 8 reviews carried over.')).toBeTruthy();
    expect(screen.getByText('1 card stays suspended, as in Anki.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the plan' }).getAttribute('href')).toBe(
      '/study-plan/detail/9',
    );
    expect(calls.find((c) => c.url === '/api/imports/anki')?.body).toEqual({
      token: 'tok-1',
      deckIds: ['11'],
      planName: 'Second year',
    });
  });

  it('says why a file is refused, in the student’s language', async () => {
    // The picker offers .apkg and .colpkg only; a file dropped in past it is the server's to refuse.
    const user = userEvent.setup({ applyAccept: false });
    serve();
    renderWithProviders(<AnkiImport plans={[]} />);
    await user.upload(screen.getByLabelText('Anki package'), new File(['x'], 'notes.txt'));
    await user.click(screen.getByRole('button', { name: 'Read the package' }));
    expect(
      await screen.findByText('Choose an Anki package: a file ending in .apkg or .colpkg.'),
    ).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
