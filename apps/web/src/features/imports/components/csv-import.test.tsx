import type { CsvPreview } from '@studybuddy/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, startSession } from '@/lib/session';
import { setXsrfCookie } from '@/testing/cookies';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { testUser } from '@/testing/users';
import { CsvImport } from './csv-import';

const preview: CsvPreview = {
  token: 'csv-1',
  delimiter: ';',
  rows: 3,
  columns: 3,
  sample: [
    ['Term', 'Definition', 'Tags'],
    ['Haus', 'house', 'nouns'],
    ['laufen', 'to run', 'verbs'],
  ],
  guess: { hasHeader: true, front: 0, back: 1, tags: 2 },
};

describe('CsvImport', () => {
  beforeEach(() => {
    setXsrfCookie();
    startSession({ accessToken: 'access-1', token: 'access-1', expiresIn: 900, user: testUser() });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('shows the first rows, takes the columns chosen and imports into the plan picked', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (url === '/api/imports/csv/preview') return jsonResponse(preview);
        sent.push(JSON.parse(String(init.body)));
        return jsonResponse({
          planId: 4,
          subjects: 1,
          topics: 1,
          cards: 2,
          duplicates: 0,
          empty: 0,
        });
      }),
    );
    renderWithProviders(<CsvImport plans={[{ id: 4, name: 'German' }]} />);
    await user.upload(screen.getByLabelText('Spreadsheet file'), new File(['x'], 'Vocabulary.csv'));
    await user.click(screen.getByRole('button', { name: 'Read the file' }));
    const table = await screen.findByRole('table', { name: 'The first rows of 3 rows' });
    expect(within(table).getByText('laufen')).toBeTruthy();
    expect((screen.getByLabelText('Front') as HTMLSelectElement).value).toBe('0');
    // The same column twice cannot be sent.
    await user.selectOptions(screen.getByLabelText('Back'), 'Term');
    expect(screen.getByText('Front and back must be different columns.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.selectOptions(screen.getByLabelText('Back'), 'Definition');
    await user.selectOptions(screen.getByLabelText('Import into'), 'German');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('2 cards imported.')).toBeTruthy();
    expect(sent).toEqual([
      {
        token: 'csv-1',
        hasHeader: true,
        front: 0,
        back: 1,
        tags: 2,
        subject: 'Vocabulary',
        topic: 'Vocabulary',
        planId: 4,
      },
    ]);
  });
});
