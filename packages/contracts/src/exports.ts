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
};
