import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { idSchema } from './ids.js';

/**
 * Taking the cards out (docs/product.md, Card exports): one subject's flashcards as a CSV file a
 * spreadsheet or Anki's text import reads.
 */
export const cardsCsvQuerySchema = z
  .object({ subjectId: idSchema.describe('The subject whose cards to export') })
  .strict();

/** The CSV's columns, in order (its header row). */
export const CARDS_CSV_COLUMNS = ['front', 'back', 'tags', 'due'] as const;

export const ankiExportQuerySchema = z
  .object({ subjectId: idSchema.describe('The subject whose cards to export') })
  .strict();

export const EXPORT_MESSAGES = {
  subjectNotFound: 'Subject not found.',
} as const;

export const exportEndpoints = {
  cardsCsv: endpoint({
    method: 'GET',
    path: '/api/exports/cards.csv',
    query: cardsCsvQuerySchema,
    body: undefined,
    response: z
      .string()
      .describe(
        'text/csv (RFC 4180, UTF-8 with a byte order mark): front, back, tags (the subject and topic, as Anki tags), due (ISO 8601)',
      ),
    summary:
      'One subject’s flashcards as a CSV file to download (content-disposition: attachment); another student’s subject is 404',
  }),
  anki: endpoint({
    method: 'GET',
    path: '/api/exports/anki',
    query: ankiExportQuerySchema,
    body: undefined,
    response: z
      .string()
      .describe(
        'application/octet-stream: an Anki package (.apkg, collection.anki2) with a deck per topic under the subject’s deck, the cards’ schedules and review history',
      ),
    summary:
      'One subject’s flashcards as an Anki package to download (content-disposition: attachment); Anki 2.1.50+ and AnkiDroid import it; another student’s subject is 404',
  }),
};
