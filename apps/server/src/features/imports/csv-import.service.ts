import { createHash } from 'node:crypto';
import {
  type CsvImportInput,
  type CsvImportResult,
  type CsvPreview,
  type ErrorCode,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
} from '@studybuddy/contracts';
import {
  CARD_CSV_LIMITS,
  type CardCsvProblem,
  type CardCsvRead,
} from '../../adapters/csv/card-csv.js';
import type { CardCsvTaskResult } from '../../adapters/work/work-tasks.js';
import { newCardState } from '../../domain/srs/srs.js';
import { AppError } from '../../platform/app-error.js';
import type { ImportedCard, ImportsRepository } from './imports.repository.js';

const PROBLEMS: Record<CardCsvProblem, { code: ErrorCode; message: string }> = {
  csv_empty: { code: 'csv_empty', message: 'This file holds no rows to import.' },
  csv_too_many_rows: {
    code: 'csv_too_many_rows',
    message: `This file has more than ${CARD_CSV_LIMITS.maxRows.toLocaleString('en')} rows. Split it and import the parts.`,
  },
  csv_not_text: {
    code: 'csv_not_text',
    message: 'This file is not a spreadsheet saved as text. Save it as CSV and try again.',
  },
};

export interface CsvImportDeps {
  repo: ImportsRepository;
  /** Reads the file on the work pool. */
  readCsv(data: Uint8Array): Promise<CardCsvTaskResult>;
  now?: () => Date;
}

async function read(deps: CsvImportDeps, data: Uint8Array): Promise<CardCsvRead> {
  const result = await deps.readCsv(data);
  if (result.ok) return result.read;
  const { code, message } = PROBLEMS[result.problem];
  throw new AppError(400, code, message);
}

/**
 * A card from a spreadsheet has no id of its own: it is the same card when the same front and
 * back come again into the same topic, so importing a file twice adds nothing twice.
 */
function csvKey(subject: string, topic: string, front: string, back: string): string {
  const hash = createHash('sha256');
  for (const part of [subject.toLocaleLowerCase(), topic.toLocaleLowerCase(), front, back])
    hash.update(part).update('\u0000');
  return `csv:${hash.digest('hex').slice(0, 40)}`;
}

/** Spreadsheets of cards in (docs/product.md, Card imports): a preview, then the import. */
export function createCsvImportService(deps: CsvImportDeps) {
  const { repo } = deps;
  const clock = deps.now ?? (() => new Date());
  return {
    async preview(userId: number, file: { filename: string; data: Buffer }): Promise<CsvPreview> {
      const csv = await read(deps, file.data);
      const token = await repo.keepPreview(
        userId,
        'csv',
        file,
        clock(),
        IMPORT_LIMITS.previewMinutes,
      );
      return {
        token,
        delimiter: csv.delimiter,
        rows: csv.rows.length,
        columns: csv.columns,
        sample: csv.rows
          .slice(0, CARD_CSV_LIMITS.sampleRows)
          .map((row) => row.map((c) => c.slice(0, 200))),
        guess: csv.guess,
      };
    },

    async import(userId: number, input: CsvImportInput): Promise<CsvImportResult> {
      const now = clock();
      const preview = await repo.findPreview(userId, input.token, now.toISOString());
      if (preview?.kind !== 'csv')
        throw new AppError(404, 'import_preview_expired', IMPORT_MESSAGES.previewNotFound);
      if (input.planId !== undefined && !(await repo.ownsPlan(userId, input.planId)))
        throw AppError.notFound(IMPORT_MESSAGES.planNotFound);
      const csv = await read(deps, Buffer.from(preview.file, 'base64'));
      const rows = input.hasHeader ? csv.rows.slice(1) : csv.rows;
      const state = newCardState(now);
      const seen = new Set<string>();
      let empty = 0;
      const cards: ImportedCard[] = [];
      for (const row of rows) {
        const front = row[input.front] ?? '';
        const back = row[input.back] ?? '';
        if (!front && !back) {
          empty++;
          continue;
        }
        const key = csvKey(input.subject, input.topic, front, back);
        if (seen.has(key)) continue;
        seen.add(key);
        const tags =
          input.tags === null || input.tags === undefined
            ? []
            : (row[input.tags] ?? '').split(/\s+/).filter(Boolean).slice(0, 50);
        cards.push({
          ...state,
          position: 0,
          front,
          back,
          kind: 'imported',
          source: '',
          createdAt: now.toISOString(),
          suspended: 0,
          sourceKey: key,
          tags: tags.length ? JSON.stringify(tags) : null,
          images: null,
        });
      }
      const plan =
        input.planId !== undefined
          ? { id: input.planId }
          : { name: input.planName ?? input.subject, now: now.toISOString() };
      const stamp = now.toISOString();
      return repo.importInto(userId, preview.id, plan, async (planId, w) => {
        const subject = await w.findOrCreateSubject(planId, input.subject, stamp);
        const topic = await w.findOrCreateTopic(subject.id, input.topic, stamp);
        const lessonId = await w.findOrCreateLesson(topic.id, input.topic, stamp);
        const had = await w.existingKeys(cards.map((c) => c.sourceKey ?? ''));
        const fresh = cards.filter((c) => !had.has(c.sourceKey ?? ''));
        await w.addCards(lessonId, fresh);
        return {
          planId,
          subjects: subject.made ? 1 : 0,
          topics: topic.made ? 1 : 0,
          cards: fresh.length,
          duplicates: rows.length - empty - fresh.length,
          empty,
        };
      });
    },
  };
}
export type CsvImportService = ReturnType<typeof createCsvImportService>;
