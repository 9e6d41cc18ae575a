import { CARDS_CSV_COLUMNS, EXPORT_MESSAGES } from '@studybuddy/contracts';
import Papa from 'papaparse';
import type { AnkiPackageWrite } from '../../adapters/anki/write-package.js';
import { AppError } from '../../platform/app-error.js';
import { ankiPackageInput } from './anki-export.js';
import type { ExportCardRow, ExportsRepository } from './exports.repository.js';

/** A name as one Anki tag: no spaces (Anki splits tags on them), nothing a tag cannot hold. */
export function tagOf(name: string): string {
  return name.trim().replace(/\s+/g, '_').replace(/::+/g, '_') || '_';
}

/**
 * The cards as CSV (RFC 4180, CRLF, every field quoted as needed by papaparse): a header row,
 * then front, back, tags ("Subject::Topic", Anki's hierarchical tag) and the due date. A field
 * that a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) is
 * prefixed with an apostrophe (papaparse's escapeFormulae, OWASP's CSV injection advice): a
 * card "=HYPERLINK(...)" must not become a link that runs when a student opens the file.
 */
export function cardsCsv(rows: readonly ExportCardRow[]): string {
  return Papa.unparse(
    {
      fields: [...CARDS_CSV_COLUMNS],
      data: rows.map((r) => [
        r.front,
        r.back,
        `${tagOf(r.subjectName)}::${tagOf(r.topicName)}`,
        r.due,
      ]),
    },
    { newline: '\r\n', escapeFormulae: true },
  );
}

/** Exports (docs/product.md, Card exports): a student's cards, out of StudyBuddy. */
export function createExportsService(deps: {
  repo: ExportsRepository;
  /** Writes an Anki package off the event loop (the work pool). */
  writeAnki(input: AnkiPackageWrite): Promise<Uint8Array>;
  now?: () => Date;
}) {
  const { repo } = deps;
  const clock = deps.now ?? (() => new Date());
  const subjectName = async (userId: number, subjectId: number) => {
    const name = await repo.findSubjectName(userId, subjectId);
    if (name === undefined) throw AppError.notFound(EXPORT_MESSAGES.subjectNotFound);
    return name;
  };
  return {
    /**
     * One subject's cards as an Anki package (docs/anki.md): decks, schedules and review logs;
     * 404 if not theirs.
     */
    async ankiPackage(userId: number, subjectId: number): Promise<{ name: string; data: Buffer }> {
      const name = await subjectName(userId, subjectId);
      const cards = await repo.listSubjectAnkiCards(userId, subjectId);
      const reviews = await repo.listReviews(
        userId,
        cards.map((c) => c.id),
      );
      const data = await deps.writeAnki(ankiPackageInput(name, cards, reviews, clock()));
      return { name, data: Buffer.from(data) };
    },

    /** One subject's cards as a CSV file and the subject's name (the file's); 404 if not theirs. */
    async cardsCsv(userId: number, subjectId: number): Promise<{ name: string; csv: string }> {
      const name = await subjectName(userId, subjectId);
      // The byte order mark makes Excel read the file as UTF-8 ("Μαθηματικά", not mojibake).
      return { name, csv: `\uFEFF${cardsCsv(await repo.listSubjectCards(userId, subjectId))}` };
    },
  };
}
export type ExportsService = ReturnType<typeof createExportsService>;
