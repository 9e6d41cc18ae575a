import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, startSession } from '@/lib/session';
import { stubSaving, unstubSaving } from '@/testing/downloads';
import { renderWithProviders } from '@/testing/render';
import { testUser } from '@/testing/users';
import { ExportCardsButton } from './export-cards-button';

const CSV = '\uFEFFfront,back,tags,due\r\nQ,A,Bio::Cells,2026-12-04T09:00:00.000Z';

describe('ExportCardsButton', () => {
  beforeEach(() =>
    startSession({ accessToken: 'access-1', token: 'access-1', expiresIn: 900, user: testUser() }),
  );
  afterEach(() => {
    unstubSaving();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
  });

  it('asks for the subject’s cards and saves the file under the server’s name', async () => {
    const u = userEvent.setup();
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return new Response(CSV, {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition':
              'attachment; filename="Biology cards.csv"; filename*=UTF-8\'\'Biology%20cards.csv',
          },
        });
      }),
    );
    const { clicked } = stubSaving();
    renderWithProviders(<ExportCardsButton subjectId={12} subjectName="Biology" />);
    await u.click(screen.getByRole('button', { name: 'Export cards (CSV)' }));
    await vi.waitFor(() => expect(clicked.map((c) => c.download)).toEqual(['Biology cards.csv']));
    expect(urls).toEqual(['/api/exports/cards.csv?subjectId=12']);
  });
});
