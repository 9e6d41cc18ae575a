import { afterEach, describe, expect, it } from 'vitest';
import { STUDY_TEXT_VERSION } from '../../domain/text/study-text.js';
import { createFactories } from '../../testing/factories.js';
import { createTestAppOn, createTestDb, dbKinds, type TestApp } from '../../testing/harness.js';
import { createRestudyFiles } from './restudy-files.js';
import type { RestudyFilesRepository } from './restudy-files.repository.js';

// Notes as uploads were stored before they were read as documents: front matter, a table with
// its pipes, code, and a paragraph cut by hard line breaks.
const OLD_TEXT = [
  '---',
  'title: Week 3',
  'tags: [biology, cells]',
  '---',
  '# Cell respiration',
  'Glycolysis splits one glucose molecule into two molecules',
  'of pyruvate in the cytoplasm.',
  '',
  '| Stage | Where |',
  '| --- | --- |',
  '| Krebs cycle | mitochondrial matrix |',
  '',
  '```python',
  'atp = 2 * glucose',
  '```',
].join('\n');

const apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
});

describe.each(dbKinds)('stored files read again as documents on %s', (kind) => {
  it('reads the files stored before, at start, once, and leaves the current ones alone', async () => {
    const db = await createTestDb(kind);
    const f = createFactories(db);
    const user = await f.user();
    const tree = await f.planTree(user.id);
    const file = (textContent: string, textVersion: number) =>
      db.db
        .insertInto('studyFiles')
        .values({
          userId: user.id,
          subjectId: tree.subject.id,
          sha256: 'c'.repeat(64),
          originalName: 'week-3.md',
          kind: 'md',
          sizeBytes: textContent.length,
          textContent,
          textVersion,
          createdAt: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const old = await file(OLD_TEXT, 0);
    // A current file is not read again, whatever its text holds.
    const current = await file(OLD_TEXT, STUDY_TEXT_VERSION);

    const t = await createTestAppOn(db);
    apps.push(t);
    await t.settle();

    const rows = await db.db
      .selectFrom('studyFiles')
      .select(['id', 'textContent', 'textVersion'])
      .orderBy('id')
      .execute();
    const read = rows.find((r) => r.id === old.id);
    expect(read?.textVersion).toBe(STUDY_TEXT_VERSION);
    expect(read?.textContent).not.toContain('tags:');
    expect(read?.textContent).not.toContain('|');
    expect(read?.textContent).not.toContain('atp = 2');
    expect(read?.textContent).toContain(
      'Glycolysis splits one glucose molecule into two molecules of pyruvate in the cytoplasm.',
    );
    expect(read?.textContent).toContain('Krebs cycle');
    expect(rows.find((r) => r.id === current.id)?.textContent).toBe(OLD_TEXT);

    // One job did it, and it is done: the next start finds nothing to read.
    const jobs = await db.db
      .selectFrom('jobs')
      .select(['status'])
      .where('kind', '=', 'restudy-files')
      .execute();
    expect(jobs).toEqual([{ status: 'done' }]);
  });
});

describe('the restudy job', () => {
  it('keeps the text of a file the pool cannot read, marks it read and goes on', async () => {
    const stale = [
      { id: 1, textContent: 'a text the pool fails on' },
      { id: 2, textContent: '---\ntitle: x\n---\nA paragraph of notes.' },
    ];
    const saved: Array<[number, string]> = [];
    const repo = {
      listStale: async () => stale.filter((r) => !saved.some(([id]) => id === r.id)),
      saveCurrent: async (id: number, text: string) => {
        saved.push([id, text]);
      },
      needsJob: async () => true,
    } as unknown as RestudyFilesRepository;
    const warnings: object[] = [];
    const restudy = createRestudyFiles({
      repo,
      restudy: async (text) => {
        if (text.startsWith('a text the pool')) throw new Error('worker died');
        return 'A paragraph of notes.';
      },
      enqueue: async () => {},
      log: { info: () => {}, warn: (o) => warnings.push(o), error: () => {} },
    });
    const ctx = { id: 1, userId: null, attempt: 1, signal: new AbortController().signal };
    await restudy.job.run({}, ctx);
    expect(saved).toEqual([
      [1, 'a text the pool fails on'],
      [2, 'A paragraph of notes.'],
    ]);
    expect(warnings).toEqual([
      expect.objectContaining({ event: 'files.restudy_failed', fileId: 1 }),
    ]);
  });
});
