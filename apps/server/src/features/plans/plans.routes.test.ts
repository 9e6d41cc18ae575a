import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPlanTree } from '../../testing/fixtures.js';
import {
  countRows,
  createTestApp,
  dbKinds,
  type TestApp,
  TestClient,
} from '../../testing/harness.js';

describe.each(dbKinds)('plan routes on %s', (kind) => {
  let t: TestApp;
  let client: TestClient;
  const count = async (
    table: 'studyPlans' | 'subjects' | 'topics' | 'lessons' | 'studySessions' | 'lessonReviews',
  ) => countRows(t.db, table);

  beforeEach(async () => {
    t = await createTestApp(kind);
    client = new TestClient(t.app);
    await client.registerAndLogin();
  });
  afterEach(async () => t.close());

  it('creates, reads, lists and updates a plan', async () => {
    const created = await client.post('/api/generic/CreateStudyProgram', {
      name: ' Finals ',
      deadline: '2027-01-20',
    });
    expect(created.statusCode).toBe(201);
    const plan = created.json();
    expect(plan).toMatchObject({
      name: 'Finals',
      deadline: '2027-01-20',
      description: null,
      subjectDetails: [],
      conceptMapOutline: null,
      overallSummary: null,
    });
    const list = await client.get('/api/generic/GetStudyProgramOfUser');
    expect(list.json()).toEqual([
      expect.objectContaining({ id: plan.id, name: 'Finals', subjectDetails: [] }),
    ]);
    const updated = await client.request({
      method: 'PUT',
      url: `/api/generic/UpdateStudyProgram/${plan.id}`,
      payload: { name: 'Finals 2027', description: 'All of them', deadline: '' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      name: 'Finals 2027',
      description: 'All of them',
      deadline: null,
    });
    const read = await client.get(`/api/generic/GetStudyProgramById/${plan.id}`);
    expect(read.json()).toMatchObject({ id: plan.id, name: 'Finals 2027' });
  });

  it('serves the kept plan list only while nothing in it changed, and to its student only', async () => {
    const { plan, topic } = await createPlanTree(client);
    const list = () => client.get('/api/generic/GetStudyProgramOfUser');
    const first = await list();
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const again = await list();
    expect(again.body).toBe(first.body);
    const topicName = async () => (await list()).json()[0].subjectDetails[0].topics[0].name;

    // A change through the API.
    const renamed = await client.request({
      method: 'PUT',
      url: `/topics/${topic.id}`,
      payload: { name: 'Chain rule' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await topicName()).toBe('Chain rule');
    // A change no route of this instance made (another instance, a job): seen at once too.
    await t.db.db
      .updateTable('topics')
      .set({ name: 'Product rule' })
      .where('id', '=', topic.id)
      .execute();
    expect(await topicName()).toBe('Product rule');
    await t.db.db
      .updateTable('studyPlans')
      .set({ name: 'Resits' })
      .where('id', '=', plan.id)
      .execute();
    expect((await list()).json()[0].name).toBe('Resits');

    // Another student never gets it.
    const bo = new TestClient(t.app);
    await bo.registerAndLogin({ username: 'bo', email: 'bo@example.com' });
    expect((await bo.get('/api/generic/GetStudyProgramOfUser')).json()).toEqual([]);
    // Nor does a new account that is given a deleted one's id (SQLite may reuse ids).
    await t.db.db.deleteFrom('users').where('email', '=', 'bo@example.com').execute();
    const cy = new TestClient(t.app);
    await cy.registerAndLogin({ username: 'cy', email: 'cy@example.com' });
    expect((await cy.get('/api/generic/GetStudyProgramOfUser')).json()).toEqual([]);
  });

  it('returns the subjects with their topics in the plan detail', async () => {
    const { plan, subject, topic } = await createPlanTree(client);
    const read = await client.get(`/api/generic/GetStudyProgramById/${plan.id}`);
    expect(read.json().subjectDetails).toEqual([
      {
        id: subject.id,
        subjectName: 'Calculus',
        examDate: '2027-01-20',
        topics: [
          expect.objectContaining({
            id: topic.id,
            name: 'Derivatives',
            topicName: 'Derivatives',
            completed: false,
          }),
        ],
      },
    ]);
    const list = await client.get('/api/generic/GetStudyProgramOfUser');
    expect(list.json()[0].subjectDetails).toEqual([
      expect.objectContaining({ id: subject.id, subjectName: 'Calculus', examDate: '2027-01-20' }),
    ]);
  });

  it('refuses a missing name with PLAN_NAME_REQUIRED and a bad deadline, creating nothing', async () => {
    const missing = await client.post('/api/generic/CreateStudyProgram', { name: '   ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toContainEqual({ path: 'name', message: 'PLAN_NAME_REQUIRED' });
    const badDate = await client.post('/api/generic/CreateStudyProgram', {
      name: 'X',
      deadline: '2027-02-30',
    });
    expect(badDate.statusCode).toBe(400);
    expect(await count('studyPlans')).toBe(0);
  });

  it('stores HTML in a name as text', async () => {
    const r = await client.post('/api/generic/CreateStudyProgram', {
      name: '<script>alert(1)</script>',
    });
    expect(r.statusCode).toBe(201);
    expect(r.json().name).toBe('<script>alert(1)</script>');
  });

  it('answers 400 for ids that are not numbers and 404 for unknown ones', async () => {
    const bad = await client.get('/api/generic/GetStudyProgramById/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'validation_failed',
      details: [expect.objectContaining({ path: 'id' })],
    });
    expect((await client.get('/api/generic/GetStudyProgramById/999')).statusCode).toBe(404);
    expect((await client.get('/api/generic/GetStudyProgramById/-1')).statusCode).toBe(400);
  });

  it('deletes a plan with its whole tree and nothing of another plan', async () => {
    const a = await createPlanTree(client, 'A');
    const b = await createPlanTree(client, 'B');
    await client.post(`/review/lesson/${a.lessonId}`, { rating: 4, comment: 'Good' });
    const r = await client.request({
      method: 'DELETE',
      url: `/api/generic/DeleteStudyProgram/${a.plan.id}`,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ message: 'Study plan deleted successfully.' });
    expect(await count('studyPlans')).toBe(1);
    expect(await count('subjects')).toBe(1);
    expect(await count('topics')).toBe(1);
    expect(await count('lessons')).toBe(1);
    expect(await count('studySessions')).toBe(1);
    expect(await count('lessonReviews')).toBe(0);
    expect((await client.get(`/api/generic/GetStudyProgramById/${b.plan.id}`)).statusCode).toBe(
      200,
    );
    expect(
      (
        await client.request({
          method: 'DELETE',
          url: `/api/generic/DeleteStudyProgram/${a.plan.id}`,
        })
      ).statusCode,
    ).toBe(404);
  });
});
