import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, sampleUser, type TestApp, TestClient } from '../../testing/harness.js';
import { form, wizard } from '../../testing/wizard-form.js';

/** What only Ana's account holds, each as text no other row repeats. */
const EMAIL = 'erase.me.4f1c@example.org';
const NOTES = 'Session notes to erase 7d2b9e';
const UPLOADED = 'Uploaded sentence to erase 91c2aa about alkanes and alkenes.';

/** The database's files as they lie on disk: the main file and the write-ahead log. */
function filesOf(t: TestApp): Buffer {
  if (t.config.database.kind !== 'sqlite') throw new Error('SQLite only');
  const file = t.config.database.file;
  return Buffer.concat(
    [file, `${file}-wal`].filter((f) => existsSync(f)).map((f) => readFileSync(f)),
  );
}

// SQLite keeps a deleted row's bytes in the free space of its pages and in the write-ahead log
// until they are overwritten. PostgreSQL's side is in docs/security.md, Deleted data.
describe('a deleted account on SQLite', () => {
  let t: TestApp | undefined;
  afterEach(async () => t?.close());

  it('leaves no e-mail, session notes or uploaded text in the database files', async () => {
    t = await createTestApp('sqlite', {}, {}, { sqliteFile: true });
    const ana = new TestClient(t.app);
    await ana.registerAndLogin({ username: 'erase', email: EMAIL });
    const upload = await ana.request({
      method: 'POST',
      url: '/api/ai/ProcessStudyMaterials',
      ...form(wizard(), [
        { field: 'Organic_Chemistry', filename: 'notes.md', content: `# Notes\n\n${UPLOADED}` },
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    await t.settle();
    const planId = upload.json().planId;
    expect((await ana.post(`/api/ai/AcceptStudyPlan/${planId}`, {})).statusCode).toBe(200);
    const plan = (await ana.get(`/api/generic/GetStudyProgramById/${planId}`)).json();
    const subject = plan.subjectDetails[0];
    const session = await ana.post('/api/generic/CreateStudySession', {
      studyPlan: plan.id,
      subject: subject.id,
      topic: subject.topics[0].id,
      title: 'Recap',
      startDateTime: new Date(Date.now() + 86_400_000).toISOString(),
      endDateTime: new Date(Date.now() + 90_000_000).toISOString(),
      notes: NOTES,
    });
    expect(session.statusCode, session.body).toBe(201);
    // The files hold all three now: what the check below looks for can be found.
    const before = filesOf(t);
    for (const text of [EMAIL, NOTES, UPLOADED]) expect(before.includes(text), text).toBe(true);

    const deleted = await ana.post('/api/account/delete', { password: sampleUser.password });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const after = filesOf(t);
    for (const text of [EMAIL, NOTES, UPLOADED]) expect(after.includes(text), text).toBe(false);
  });
});
