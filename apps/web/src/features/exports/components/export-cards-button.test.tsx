import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, startSession } from '@/lib/session';
import { renderWithProviders } from '@/testing/render';
import { testUser } from '@/testing/users';
import { ExportCardsButton } from './export-cards-button';

const CSV = '\uFEFFfront,back,tags,due\r\nQ,A,Bio::Cells,2026-12-04T09:00:00.000Z';

describe('ExportCardsButton', () => {
  beforeEach(() =>
    startSession({ accessToken: 'access-1', token: 'access-1', expiresIn: 900, user: testUser() }),
  );
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
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
    Object.assign(URL, {
      createObjectURL: vi.fn(() => 'blob:studybuddy/1'),
      revokeObjectURL: vi.fn(),
    });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    renderWithProviders(<ExportCardsButton subjectId={12} subjectName="Biology" />);
    await u.click(screen.getByRole('button', { name: 'Export cards (CSV)' }));
    await vi.waitFor(() => expect(saved).toEqual(['Biology cards.csv']));
    expect(urls).toEqual(['/api/exports/cards.csv?subjectId=12']);
  });
});
