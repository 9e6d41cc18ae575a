import { randomBytes } from 'node:crypto';
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { CardImportsTable, Database, FlashcardsTable } from '../../db/types.js';

export type CardImportRow = Selectable<CardImportsTable>;
export type ImportedCard = Omit<Insertable<FlashcardsTable>, 'id' | 'userId' | 'lessonId'>;

/** One review-log row of an imported card, by the card's source key. */
export interface ImportedReview {
  sourceKey: string;
  rating: string;
  stateBefore: number;
  dueAfter: string;
  reviewedAt: string;
}

/** Rows per INSERT: well under SQLite's 32,766 bound parameters with 20 columns a row. */
const CHUNK = 500;

/** Where an import writes, inside its one transaction. */
export interface ImportWriter {
  findOrCreateSubject(
    planId: number,
    name: string,
    now: string,
  ): Promise<{ id: number; made: boolean }>;
  findOrCreateTopic(
    subjectId: number,
    name: string,
    now: string,
  ): Promise<{ id: number; made: boolean }>;
  findOrCreateLesson(topicId: number, title: string, now: string): Promise<number>;
  /** Which of these source keys the student already has a card for. */
  existingKeys(keys: readonly string[]): Promise<Set<string>>;
  /** Inserts the lesson's cards after its last one; answers each new card's id by source key. */
  addCards(lessonId: number, cards: readonly ImportedCard[]): Promise<Map<string, number>>;
  addReviews(ids: ReadonlyMap<string, number>, reviews: readonly ImportedReview[]): Promise<void>;
}

function chunks<T>(list: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Names compare as a student reads them: "biology" is "Biology". */
const same = (a: string, b: string) =>
  a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

function writer(trx: Transaction<Database>, userId: number): ImportWriter {
  return {
    async findOrCreateSubject(planId, name, now) {
      const rows = await trx
        .selectFrom('subjects')
        .select(['id', 'name'])
        .where('userId', '=', userId)
        .where('studyPlanId', '=', planId)
        .execute();
      const found = rows.find((r) => same(r.name, name));
      if (found) return { id: found.id, made: false };
      const row = await trx
        .insertInto('subjects')
        .values({
          userId,
          studyPlanId: planId,
          name,
          examDate: null,
          hoursNeeded: null,
          weeklyHours: null,
          createdAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, made: true };
    },

    async findOrCreateTopic(subjectId, name, now) {
      const rows = await trx
        .selectFrom('topics')
        .select(['id', 'name'])
        .where('userId', '=', userId)
        .where('subjectId', '=', subjectId)
        .execute();
      const found = rows.find((r) => same(r.name, name));
      if (found) return { id: found.id, made: false };
      const row = await trx
        .insertInto('topics')
        .values({
          userId,
          subjectId,
          name,
          deepDiveContent: null,
          completed: 0,
          contentNote: null,
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, made: true };
    },

    async findOrCreateLesson(topicId, title, now) {
      const found = await trx
        .selectFrom('lessons')
        .select('id')
        .where('userId', '=', userId)
        .where('topicId', '=', topicId)
        .where('title', '=', title)
        .executeTakeFirst();
      if (found) return found.id;
      const row = await trx
        .insertInto('lessons')
        .values({ userId, topicId, title, latexContent: '', createdAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async existingKeys(keys) {
      const found = new Set<string>();
      for (const part of chunks(keys)) {
        const rows = await trx
          .selectFrom('flashcards')
          .select('sourceKey')
          .where('userId', '=', userId)
          .where('sourceKey', 'in', part)
          .execute();
        for (const r of rows) if (r.sourceKey) found.add(r.sourceKey);
      }
      return found;
    },

    async addCards(lessonId, cards) {
      const last = await trx
        .selectFrom('flashcards')
        .select((eb) => eb.fn.max('position').as('top'))
        .where('userId', '=', userId)
        .where('lessonId', '=', lessonId)
        .executeTakeFirst();
      const first = Number(last?.top ?? -1) + 1;
      const ids = new Map<string, number>();
      let n = 0;
      for (const part of chunks(cards)) {
        const rows = await trx
          .insertInto('flashcards')
          .values(part.map((c) => ({ ...c, userId, lessonId, position: first + n++ })))
          .returning(['id', 'sourceKey'])
          .execute();
        for (const r of rows) if (r.sourceKey) ids.set(r.sourceKey, r.id);
      }
      return ids;
    },

    async addReviews(ids, reviews) {
      const rows = reviews.flatMap((r) => {
        const flashcardId = ids.get(r.sourceKey);
        if (flashcardId === undefined) return [];
        const { sourceKey: _, ...review } = r;
        return [{ ...review, userId, flashcardId }];
      });
      for (const part of chunks(rows))
        await trx.insertInto('flashcardReviews').values(part).execute();
    },
  };
}

export function createImportsRepository(db: Kysely<Database>) {
  return {
    /**
     * Keeps a file read for its preview until the student confirms it, for `minutes`: the
     * student's one preview, replacing any before (and any student's expired ones go). Answers
     * the preview's token.
     */
    async keepPreview(
      userId: number,
      kind: 'anki' | 'csv',
      file: { filename: string; data: Buffer },
      now: Date,
      minutes: number,
    ): Promise<string> {
      const token = randomBytes(24).toString('base64url');
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('cardImports')
          .where((eb) =>
            eb.or([eb('userId', '=', userId), eb('expiresAt', '<=', now.toISOString())]),
          )
          .execute();
        await trx
          .insertInto('cardImports')
          .values({
            userId,
            token,
            kind,
            filename: file.filename.slice(0, 255),
            file: file.data.toString('base64'),
            createdAt: now.toISOString(),
            expiresAt: new Date(now.getTime() + minutes * 60_000).toISOString(),
          })
          .execute();
      });
      return token;
    },

    /** The student's preview by its token, while it is good. */
    findPreview(userId: number, token: string, now: string): Promise<CardImportRow | undefined> {
      return db
        .selectFrom('cardImports')
        .selectAll()
        .where('userId', '=', userId)
        .where('token', '=', token)
        .where('expiresAt', '>', now)
        .executeTakeFirst();
    },

    /** Whether the plan is the student's. */
    async ownsPlan(userId: number, planId: number): Promise<boolean> {
      const row = await db
        .selectFrom('studyPlans')
        .select('id')
        .where('userId', '=', userId)
        .where('id', '=', planId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Runs the whole import in one transaction that ends by removing the preview: an import
     * is done whole or not at all, and a preview is used once.
     */
    importInto<T>(
      userId: number,
      previewId: number,
      plan: { id: number } | { name: string; now: string },
      work: (planId: number, w: ImportWriter) => Promise<T>,
    ): Promise<T> {
      return db.transaction().execute(async (trx) => {
        let planId: number;
        if ('id' in plan) planId = plan.id;
        else {
          const row = await trx
            .insertInto('studyPlans')
            .values({
              userId,
              name: plan.name,
              deadline: null,
              description: null,
              conceptMapOutline: null,
              overallSummary: null,
              status: 'active',
              sourceInput: null,
              warnings: null,
              timeZone: null,
              createdAt: plan.now,
              updatedAt: plan.now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          planId = row.id;
        }
        const result = await work(planId, writer(trx, userId));
        await trx.deleteFrom('cardImports').where('id', '=', previewId).execute();
        return result;
      });
    },
  };
}
export type ImportsRepository = ReturnType<typeof createImportsRepository>;
