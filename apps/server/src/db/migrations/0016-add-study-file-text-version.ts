import type { Kysely } from 'kysely';

/**
 * study_files.text_version: which reading of a document a file's stored text is
 * (STUDY_TEXT_VERSION in domain/text/study-text.ts). 0 for the files stored before uploads were
 * read as documents: their text still holds front matter, code, table pipes and PDF line breaks,
 * and the restudy-files job reads it again (features/smart-scheduler/restudy-files.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('study_files')
    .addColumn('text_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('study_files').dropColumn('text_version').execute();
}
