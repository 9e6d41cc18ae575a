import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { idSchema } from './ids.js';
import { VALIDATION_MESSAGES as M, message, refinement } from './messages.js';

/**
 * Bringing cards in (docs/product.md, Card imports): an Anki package read into a preview, then
 * imported into a plan once the student has seen how its decks map to subjects and topics.
 */

export const IMPORT_LIMITS = {
  /** Cards a package may hold: past this it is refused as a whole (nothing is imported). */
  maxCards: 100_000,
  /** How long a preview's token stays good, in minutes. */
  previewMinutes: 60,
  /** A new plan's name, at most. */
  planNameMax: 200,
} as const;

/** What the package left out or changed, shown on the preview in the student's language. */
export const ANKI_WARNING_CODES = [
  'anki_other_note_type',
  'anki_sound_dropped',
  'anki_video_dropped',
  'anki_image_too_large',
  'anki_image_missing',
  'anki_empty_cards_skipped',
] as const;

export const ankiWarningSchema = z
  .object({
    code: z.enum(ANKI_WARNING_CODES).describe('Mapped to i18n key imports.warnings.<code>'),
    count: z.number().int().describe('How many notes, cards or files it concerns'),
    name: z.string().optional().describe('The note type, for anki_other_note_type'),
  })
  .describe('AnkiWarning');
export type AnkiWarning = z.infer<typeof ankiWarningSchema>;

export const ankiDeckPreviewSchema = z
  .object({
    id: z.string().describe("Anki's deck id"),
    name: z.string().describe('The full deck name, levels joined with ::'),
    notes: z.number().int(),
    cards: z.number().int(),
    reviews: z.number().int().describe('Review-log answers of its cards that carry over'),
    subject: z.string().describe('The subject its cards go to'),
    topic: z.string().describe('The topic (one lesson holding its cards) they go to'),
  })
  .describe('AnkiDeckPreview');
export type AnkiDeckPreview = z.infer<typeof ankiDeckPreviewSchema>;

export const ankiPreviewSchema = z
  .object({
    token: z.string().describe('Names this preview when importing; good for 60 minutes'),
    format: z.enum(['anki2', 'anki21', 'anki21b']).describe('The collection format read'),
    decks: z.array(ankiDeckPreviewSchema).describe('Decks holding cards, in name order'),
    warnings: z.array(ankiWarningSchema),
  })
  .describe('AnkiPreview');
export type AnkiPreview = z.infer<typeof ankiPreviewSchema>;

export const ankiImportInputSchema = z
  .object({
    token: z.string().min(1).max(100),
    planId: idSchema.optional().describe('The plan to add to; without it a new plan is made'),
    planName: z
      .string()
      .trim()
      .min(1, message(M.nameRequired))
      .max(IMPORT_LIMITS.planNameMax, message(M.nameMax))
      .optional()
      .describe('The new plan’s name (default: the first top deck’s name)'),
    deckIds: z
      .array(z.string().max(30))
      .max(10_000)
      .optional()
      .describe('Only these decks (default: every deck of the preview)'),
  })
  .strict()
  .describe('AnkiImportInput');
export type AnkiImportInput = z.infer<typeof ankiImportInputSchema>;

export const ankiImportResultSchema = z
  .object({
    planId: z.number().int(),
    subjects: z.number().int().describe('Subjects made (others were found by name)'),
    topics: z.number().int().describe('Topics made'),
    cards: z.number().int().describe('Cards imported'),
    reviews: z.number().int().describe('Review-log answers carried over'),
    suspended: z.number().int().describe('Imported cards that stay suspended'),
    duplicates: z.number().int().describe('Cards already imported before (same note), skipped'),
  })
  .describe('AnkiImportResult');
export type AnkiImportResult = z.infer<typeof ankiImportResultSchema>;

/**
 * Where a deck's cards go: its top level is the subject, the rest of its path the topic; a top
 * deck's own cards go to a topic named like the subject. The preview and the import agree.
 */
export function deckPlace(name: string): { subject: string; topic: string } {
  const path = name
    .split('::')
    .map((p) => p.trim())
    .filter(Boolean);
  const subject = (path[0] ?? name).slice(0, 200) || 'Anki';
  const topic = (path.length > 1 ? path.slice(1).join(' › ') : subject).slice(0, 200);
  return { subject, topic };
}

/** A spreadsheet of cards read for its preview: how it splits, and what its columns seem. */
export const csvPreviewSchema = z
  .object({
    token: z.string().describe('Names this preview when importing; good for 60 minutes'),
    delimiter: z.enum([',', '\t', ';', '|']).describe('The separator found'),
    rows: z.number().int().describe('Rows in the file, a header row included'),
    columns: z.number().int().describe('The most cells of a row'),
    sample: z.array(z.array(z.string())).describe('The first 5 rows, as read'),
    guess: z
      .object({
        hasHeader: z.boolean(),
        front: z.number().int(),
        back: z.number().int(),
        tags: z.number().int().nullable(),
      })
      .describe('Which columns seem to be which (the header row, or Anki’s own header lines)'),
  })
  .describe('CsvPreview');
export type CsvPreview = z.infer<typeof csvPreviewSchema>;

const column = z.number().int().min(0).max(49);

export const csvImportInputSchema = z
  .object({
    token: z.string().min(1).max(100),
    hasHeader: z.boolean().describe('The first row names the columns and is no card'),
    front: column,
    back: column,
    tags: column.nullable().default(null).describe('The column of space-separated tags, if any'),
    planId: idSchema.optional().describe('The plan to add to; without it a new plan is made'),
    planName: z
      .string()
      .trim()
      .min(1, message(M.nameRequired))
      .max(IMPORT_LIMITS.planNameMax, message(M.nameMax))
      .optional(),
    subject: z
      .string()
      .trim()
      .min(1, message(M.nameRequired))
      .max(200, message(M.nameMax))
      .describe('The subject the cards go to'),
    topic: z
      .string()
      .trim()
      .min(1, message(M.nameRequired))
      .max(200, message(M.nameMax))
      .describe('The topic (one lesson holding the cards) they go to'),
  })
  .strict()
  .refine((v) => v.front !== v.back, refinement(M.csvColumnsSame, { path: ['back'] }))
  .describe('CsvImportInput');
export type CsvImportInput = z.infer<typeof csvImportInputSchema>;

export const csvImportResultSchema = z
  .object({
    planId: z.number().int(),
    subjects: z.number().int(),
    topics: z.number().int(),
    cards: z.number().int().describe('Cards imported'),
    duplicates: z.number().int().describe('The same card already in that topic, skipped'),
    empty: z.number().int().describe('Rows with no front and no back, skipped'),
  })
  .describe('CsvImportResult');
export type CsvImportResult = z.infer<typeof csvImportResultSchema>;

export const IMPORT_MESSAGES = {
  sendOneFile: 'Send one Anki package (.apkg or .colpkg) as `file`.',
  previewNotFound: 'This import preview has expired. Choose the file again.',
  sendOneCsv: 'Send one spreadsheet (.csv, .tsv or .txt) as `file`.',
  planNotFound: 'Plan not found.',
  noDecksChosen: 'Choose at least one deck to import.',
} as const;

export const importEndpoints = {
  ankiPreview: endpoint({
    method: 'POST',
    path: '/api/imports/anki/preview',
    body: undefined,
    response: ankiPreviewSchema,
    summary:
      'Reads an Anki package (multipart `file`: .apkg or .colpkg, at most 20 MB) and answers its decks, how they map to subjects and topics, and what will be left out; nothing is imported yet',
  }),
  csvPreview: endpoint({
    method: 'POST',
    path: '/api/imports/csv/preview',
    body: undefined,
    response: csvPreviewSchema,
    summary:
      'Reads a spreadsheet of cards (multipart `file`: CSV or tab-separated text, at most 5 MB and 50,000 rows) and answers its separator, first rows and a guess of its columns; nothing is imported yet',
  }),
  csvImport: endpoint({
    method: 'POST',
    path: '/api/imports/csv',
    body: csvImportInputSchema,
    response: csvImportResultSchema,
    summary:
      'Imports a previewed spreadsheet into a topic of a plan (or a new one), with the columns the student chose: each row a new card; the same card already in that topic is skipped',
  }),
  ankiImport: endpoint({
    method: 'POST',
    path: '/api/imports/anki',
    body: ankiImportInputSchema,
    response: ankiImportResultSchema,
    summary:
      'Imports a previewed package into a plan (or a new one): cards with their review history, due dates and suspension; cards imported before are skipped',
  }),
};
