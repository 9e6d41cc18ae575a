import { CLASS_MESSAGES, type Class, type ClassInput } from '@studybuddy/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPlanTree } from '../../testing/fixtures.js';
import { createTestApp, dbKinds, type TestApp, TestClient } from '../../testing/harness.js';
import { multipart } from '../../testing/multipart.js';
import { startSmtpSink } from '../../testing/smtp-sink.js';
import { form, isoDay, wizard } from '../../testing/wizard-form.js';

const PHYSICS: ClassInput = {
  name: 'Physics 2B',
  subjectName: 'Physics',
  exams: [
    { name: 'Midterm', date: '2027-03-10' },
    { name: 'Final', date: '2027-05-20' },
  ],
  topics: [
    { name: 'Kinematics', hours: 4, exam: 0 },
    { name: 'Newton’s laws', hours: 6, exam: 0 },
    { name: 'Energy', hours: 5 },
    { name: 'Momentum' },
  ],
};

const NOTES = [
  '# Kinematics',
  'Velocity is the rate of change of position. Acceleration is the rate of change of velocity.',
  '# Energy',
  'Kinetic energy is one half m v squared. Work is force times distance along the force.',
].join('\n');

describe.each(dbKinds)('class routes on %s', (kind) => {
  let t: TestApp;
  let teacher: TestClient;
  let other: TestClient;
  let ana: TestClient;
  let ben: TestClient;
  let anaId: number;
  let teacherId: number;

  const makeTeacher = (id: number) =>
    t.db.db.updateTable('users').set({ teacher: 1 }).where('id', '=', id).execute();

  beforeEach(async () => {
    // Aggregates from 2 members up, so that a test needs no crowd (default 5).
    t = await createTestApp(kind, { CLASS_MIN_GROUP: '2' });
    teacher = new TestClient(t.app);
    other = new TestClient(t.app);
    ana = new TestClient(t.app);
    ben = new TestClient(t.app);
    teacherId = (
      await teacher.registerAndLogin({
        username: 'mrs-k',
        email: 'k@school.example',
        firstName: 'Irene',
        lastName: 'Kostas',
      })
    ).id;
    const otherId = (await other.registerAndLogin({ username: 'mr-b', email: 'b@school.example' }))
      .id;
    anaId = (await ana.registerAndLogin()).id;
    await ben.registerAndLogin({ username: 'ben', email: 'ben@example.com' });
    await makeTeacher(teacherId);
    await makeTeacher(otherId);
  });
  afterEach(async () => t.close());

  const put = (client: TestClient, url: string, payload: unknown) =>
    client.request({ method: 'PUT', url, payload: payload as object });
  const del = (client: TestClient, url: string) => client.request({ method: 'DELETE', url });
  const created = async (client = teacher, input: ClassInput = PHYSICS): Promise<Class> => {
    const r = await client.post('/api/classes', input);
    expect(r.statusCode, r.body).toBe(201);
    return r.json();
  };
  const join = (client: TestClient, code: string, planId?: number) =>
    client.post('/api/classes/join', { code, ...(planId ? { planId } : {}) });
  /** The input that saves the class as it is (ids kept), with `edit` applied. */
  const asInput = (c: Class): ClassInput => ({
    name: c.name,
    subjectName: c.subjectName,
    exams: c.exams.map(({ id, name, date }) => ({ id, name, date })),
    topics: c.topics.map(({ id, name, hours, examId }) => ({
      id,
      name,
      hours,
      exam: examId === null ? null : c.exams.findIndex((e) => e.id === examId),
    })),
  });
  const subjectsOf = (userId: number) =>
    t.db.db
      .selectFrom('subjects')
      .select(['id', 'name', 'examDate', 'hoursNeeded', 'studyPlanId'])
      .where('userId', '=', userId)
      .orderBy('id')
      .execute();
  const topicsOf = (subjectId: number) =>
    t.db.db
      .selectFrom('topics')
      .select('name')
      .where('subjectId', '=', subjectId)
      .orderBy('id')
      .execute()
      .then((rows) => rows.map((r) => r.name));
  const bell = async (client: TestClient) => (await client.get('/api/notifications')).json().items;
  const classRows = async () => ({
    classes: (await t.db.db.selectFrom('classes').select('id').execute()).length,
    topics: (await t.db.db.selectFrom('classTopics').select('id').execute()).length,
    members: (await t.db.db.selectFrom('classMembers').select('id').execute()).length,
  });

  it('lets a teacher make a class with its exams, topics and a join code; a student cannot', async () => {
    const refused = await ana.post('/api/classes', PHYSICS);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'class_teachers_only',
      message: CLASS_MESSAGES.teachersOnly,
    });
    const c = await created();
    expect(c).toMatchObject({
      name: 'Physics 2B',
      subjectName: 'Physics',
      teacherName: 'Irene Kostas',
      teaching: true,
      joinOpen: true,
      version: 1,
      members: 0,
      membership: null,
      files: [],
    });
    expect(c.joinCode).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(c.exams.map((e) => [e.name, e.date])).toEqual([
      ['Midterm', '2027-03-10'],
      ['Final', '2027-05-20'],
    ]);
    const [mid] = c.exams;
    expect(c.topics.map((x) => [x.name, x.hours, x.examId])).toEqual([
      ['Kinematics', 4, mid?.id],
      ['Newton’s laws', 6, mid?.id],
      ['Energy', 5, null],
      ['Momentum', null, null],
    ]);
    expect((await teacher.get('/api/classes')).json()).toEqual({ teaching: [c], joined: [] });
    expect((await teacher.get(`/api/classes/${c.id}`)).json()).toEqual(c);
  });

  it('refuses a class that does not validate, saving nothing', async () => {
    for (const bad of [
      { ...PHYSICS, topics: [] },
      { ...PHYSICS, name: ' ' },
      { ...PHYSICS, exams: [{ name: 'Final', date: '2027-02-30' }] },
      { ...PHYSICS, topics: [{ name: 'Energy', exam: 2 }] },
      { ...PHYSICS, topics: [{ name: 'Energy', hours: 0 }] },
      { ...PHYSICS, exams: [{ id: 1, name: 'Final', date: '2027-05-20' }] },
      { ...PHYSICS, extra: true },
    ]) {
      const r = await teacher.post('/api/classes', bad);
      expect(r.statusCode, JSON.stringify(bad)).toBeGreaterThanOrEqual(400);
      expect(r.statusCode).toBeLessThan(500);
    }
    expect(await classRows()).toEqual({ classes: 0, topics: 0, members: 0 });
  });

  it('copies the class into a student’s plan, a subject per exam, and into a new plan', async () => {
    const c = await created();
    const tree = await createPlanTree(ana, 'My term');
    // Typed as read out: lower case, with a dash between the groups.
    const code = `${c.joinCode?.slice(0, 4)}-${c.joinCode?.slice(4)}`.toLowerCase();
    const r = await join(ana, code, tree.plan.id);
    expect(r.statusCode, r.body).toBe(200);
    const joined = r.json();
    expect(joined.planId).toBe(tree.plan.id);
    expect(joined.class).toMatchObject({
      teaching: false,
      joinCode: null,
      members: null,
      membership: { planId: tree.plan.id, share: false, pending: [] },
    });
    const subjects = (await subjectsOf(anaId)).filter((s) => joined.subjectIds.includes(s.id));
    expect(subjects.map((s) => [s.name, s.examDate, s.hoursNeeded, s.studyPlanId])).toEqual([
      ['Physics · Midterm', '2027-03-10', 10, tree.plan.id],
      // A topic without suggested hours: the planner estimates the subject's.
      ['Physics · Final', '2027-05-20', null, tree.plan.id],
    ]);
    expect(await topicsOf(subjects[0]?.id ?? 0)).toEqual(['Kinematics', 'Newton’s laws']);
    expect(await topicsOf(subjects[1]?.id ?? 0)).toEqual(['Energy', 'Momentum']);

    const b = await join(ben, c.joinCode ?? '');
    expect(b.statusCode, b.body).toBe(200);
    const plan = (await ben.get(`/api/generic/GetStudyProgramById/${b.json().planId}`)).json();
    expect(plan.name).toBe('Physics 2B');
    expect((await teacher.get(`/api/classes/${c.id}`)).json().members).toBe(2);
    expect((await ana.get('/api/classes')).json()).toEqual({
      teaching: [],
      joined: [joined.class],
    });
  });

  it('refuses a wrong code, a closed class, the teacher’s own, a second join and another’s plan', async () => {
    const c = await created();
    const code = c.joinCode ?? '';
    const unknown = await join(ana, 'ZZZZZZZZ');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'class_code_unknown' });
    expect((await join(teacher, code)).json()).toMatchObject({ code: 'class_own' });
    const benPlan = await createPlanTree(ben, 'Ben’s');
    const foreign = await join(ana, code, benPlan.plan.id);
    expect(foreign.statusCode).toBe(404);
    expect(await classRows()).toMatchObject({ members: 0 });
    expect((await join(ana, code)).statusCode).toBe(200);
    const again = await join(ana, code);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'class_already_member' });
    const closed = await put(teacher, `/api/classes/${c.id}`, { ...asInput(c), joinOpen: false });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ joinOpen: false, version: 1 });
    const late = await join(ben, code);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'class_join_closed' });
    // A rotated code: the old one stops working.
    const rotated = (await teacher.post(`/api/classes/${c.id}/code`)).json();
    expect(rotated.joinCode).not.toBe(code);
    await put(teacher, `/api/classes/${c.id}`, { ...asInput(c), joinOpen: true });
    expect((await join(ben, code)).statusCode).toBe(404);
    expect((await join(ben, rotated.joinCode)).statusCode).toBe(200);
  });

  it('offers a moved exam and a new topic to members without changing their plans', async () => {
    const c = await created();
    await join(ana, c.joinCode ?? '');
    const before = await subjectsOf(anaId);
    const input = asInput(c);
    const moved: ClassInput = {
      ...input,
      exams: input.exams.map((e, i) => (i === 0 ? { ...e, date: '2027-03-17' } : e)),
      topics: [...input.topics, { name: 'Rotation', hours: 3, exam: 1 }],
    };
    const r = await put(teacher, `/api/classes/${c.id}`, moved);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ version: 2 });
    const changes = [
      { kind: 'exam-moved', exam: 'Midterm', from: '2027-03-10', to: '2027-03-17' },
      { kind: 'topic-added', topic: 'Rotation' },
    ];
    expect((await ana.get(`/api/classes/${c.id}`)).json().membership.pending).toEqual(changes);
    expect(await bell(ana)).toEqual([
      expect.objectContaining({
        kind: 'class-change',
        read: false,
        data: { classId: c.id, className: 'Physics 2B', changes },
      }),
    ]);
    // Nothing in the student's plan moved.
    expect(await subjectsOf(anaId)).toEqual(before);
    // A save that changes nothing a copy follows (a rename) is offered to nobody.
    const renamed = await put(teacher, `/api/classes/${c.id}`, {
      ...asInput(r.json()),
      name: 'Physics II',
    });
    expect(renamed.json()).toMatchObject({ version: 2, name: 'Physics II' });
    expect(await bell(ana)).toHaveLength(1);
    expect(await bell(teacher)).toEqual([]);

    // Ana takes the changes: the date onto her subject, the topic into its exam's subject. Her
    // plan was made by hand, so nothing is placed, and the answer says why.
    const accepted = await ana.post(`/api/classes/${c.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      placed: 0,
      notices: [{ code: 'class_plan_by_hand' }],
      class: { membership: { pending: [] } },
    });
    const copy = await subjectsOf(anaId);
    expect(copy.map((x) => [x.name, x.examDate])).toEqual([
      ['Physics · Midterm', '2027-03-17'],
      ['Physics · Final', '2027-05-20'],
    ]);
    expect(await topicsOf(copy[1]?.id ?? 0)).toEqual(['Energy', 'Momentum', 'Rotation']);

    // A new exam and a file: a new subject with every file, and the file on every subject.
    const now = (await teacher.get(`/api/classes/${c.id}`)).json();
    const saved = asInput(now);
    await put(teacher, `/api/classes/${c.id}`, {
      ...saved,
      exams: [...saved.exams, { name: 'Resit', date: '2027-07-01' }],
      topics: [...saved.topics, { name: 'Waves', exam: 2 }],
    });
    await teacher.request({
      method: 'POST',
      url: `/api/classes/${c.id}/files`,
      ...multipart([{ name: 'files', filename: 'notes.md', content: NOTES }]),
    });
    expect((await ana.get(`/api/classes/${c.id}`)).json().membership.pending).toEqual([
      { kind: 'exam-added', exam: 'Resit', date: '2027-07-01' },
      { kind: 'topic-added', topic: 'Waves' },
      { kind: 'file-added', file: 'notes.md' },
    ]);
    expect((await ana.post(`/api/classes/${c.id}/accept`)).statusCode).toBe(200);
    const grown = await subjectsOf(anaId);
    expect(grown.map((x) => x.name)).toEqual([
      'Physics · Midterm',
      'Physics · Final',
      'Physics · Resit',
    ]);
    expect(await topicsOf(grown[2]?.id ?? 0)).toEqual(['Waves']);
    const files = await t.db.db
      .selectFrom('studyFiles')
      .select('subjectId')
      .where('userId', '=', anaId)
      .execute();
    expect(files.map((f) => f.subjectId).sort()).toEqual(grown.map((x) => x.id).sort());
    // Taken twice, nothing is added twice.
    expect((await ana.post(`/api/classes/${c.id}/accept`)).statusCode).toBe(200);
    expect(await subjectsOf(anaId)).toEqual(grown);

    // Set aside: nothing in her copy changes, and the change is no longer offered.
    await put(teacher, `/api/classes/${c.id}`, {
      ...asInput((await teacher.get(`/api/classes/${c.id}`)).json()),
      topics: [
        ...asInput((await teacher.get(`/api/classes/${c.id}`)).json()).topics,
        { name: 'Optics' },
      ],
    });
    expect((await ana.get(`/api/classes/${c.id}`)).json().membership.pending).toHaveLength(1);
    const aside = await ana.post(`/api/classes/${c.id}/dismiss`);
    expect(aside.statusCode, aside.body).toBe(200);
    expect(aside.json().membership.pending).toEqual([]);
    expect(await subjectsOf(anaId)).toEqual(grown);
    // Neither a student who did not join nor another teacher can.
    expect((await ben.post(`/api/classes/${c.id}/dismiss`)).statusCode).toBe(404);
    expect((await other.post(`/api/classes/${c.id}/dismiss`)).statusCode).toBe(404);
  });

  it('keeps the teacher’s files with the class, copies them on joining and tells members', async () => {
    const c = await created();
    await join(ana, c.joinCode ?? '');
    const r = await teacher.request({
      method: 'POST',
      url: `/api/classes/${c.id}/files`,
      ...multipart([
        { name: 'files', filename: 'notes.md', content: NOTES },
        { name: 'files', filename: 'photo.png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
      ]),
    });
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body.class.files.map((f: { name: string }) => f.name)).toEqual(['notes.md']);
    expect(body.warnings).toHaveLength(1);
    expect((await ana.get(`/api/classes/${c.id}`)).json().membership.pending).toEqual([
      { kind: 'file-added', file: 'notes.md' },
    ]);
    // A student who joins now gets the file with every subject of the class.
    const b = await join(ben, c.joinCode ?? '');
    const files = await t.db.db
      .selectFrom('studyFiles')
      .select(['subjectId', 'originalName', 'textContent'])
      .where('subjectId', 'in', b.json().subjectIds)
      .execute();
    expect(files).toHaveLength(2);
    expect(files[0]?.textContent).toContain('Kinetic energy');
    // Removing it leaves the students' copies.
    const removed = await del(teacher, `/api/classes/${c.id}/files/${body.class.files[0].id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().files).toEqual([]);
    expect(
      await t.db.db
        .selectFrom('studyFiles')
        .select('id')
        .where('subjectId', 'in', b.json().subjectIds)
        .execute(),
    ).toHaveLength(2);
  });

  it('answers 404 for another teacher’s, a stranger’s or a member’s reach past their rights', async () => {
    const c = await created();
    const mine = await created(other, { ...PHYSICS, name: 'Other class' });
    await join(ana, c.joinCode ?? '');
    const url = `/api/classes/${c.id}`;
    const input = asInput(c);
    for (const client of [other, ben]) {
      expect((await client.get(url)).statusCode).toBe(404);
      expect((await put(client, url, input)).statusCode).toBe(404);
      expect((await del(client, url)).statusCode).toBe(404);
      expect((await client.post(`${url}/code`)).statusCode).toBe(404);
      expect((await client.post(`${url}/leave`)).statusCode).toBe(404);
      expect((await put(client, `${url}/share`, { share: true })).statusCode).toBe(404);
      expect((await client.post(`${url}/accept`)).statusCode).toBe(404);
      expect((await client.get(`${url}/standing`)).statusCode).toBe(404);
      expect((await del(client, `${url}/files/1`)).statusCode).toBe(404);
      const upload = await client.request({
        method: 'POST',
        url: `${url}/files`,
        ...multipart([{ name: 'files', filename: 'notes.md', content: NOTES }]),
      });
      expect(upload.statusCode).toBe(404);
    }
    expect(await t.db.db.selectFrom('classFiles').select('id').execute()).toEqual([]);
    // A member reads the class, but changes nothing of it.
    expect((await put(ana, url, input)).statusCode).toBe(404);
    expect((await del(ana, url)).statusCode).toBe(404);
    expect((await ana.post(`${url}/code`)).statusCode).toBe(404);
    // Another class's exam and topic ids in a save: not found, nothing saved.
    const foreign = await put(teacher, url, {
      ...input,
      exams: [{ ...input.exams[0], id: mine.exams[0]?.id }],
      topics: [{ name: 'Energy', id: mine.topics[0]?.id }],
    });
    expect(foreign.statusCode).toBe(404);
    expect((await teacher.get(url)).json()).toEqual({
      ...(await teacher.get(url)).json(),
      exams: c.exams,
      topics: c.topics,
      version: 1,
    });
    expect((await other.get(`/api/classes/${mine.id}`)).json().members).toBe(0);
    // Members see nothing of each other: no list, no count.
    await join(ben, c.joinCode ?? '');
    const seen = (await ana.get(url)).json();
    expect(seen.members).toBeNull();
    expect(JSON.stringify(seen)).not.toContain('ben');
  });

  it('leaves the students’ copies when a student leaves and when the class is deleted', async () => {
    const c = await created();
    await join(ana, c.joinCode ?? '');
    await join(ben, c.joinCode ?? '');
    const share = await put(ana, `/api/classes/${c.id}/share`, { share: true });
    expect(share.json().membership.share).toBe(true);
    const copy = await subjectsOf(anaId);
    const left = await ana.post(`/api/classes/${c.id}/leave`);
    expect(left.json()).toEqual({ message: CLASS_MESSAGES.left });
    expect((await ana.get(`/api/classes/${c.id}`)).statusCode).toBe(404);
    expect(await subjectsOf(anaId)).toEqual(copy);
    expect((await teacher.get(`/api/classes/${c.id}`)).json().members).toBe(1);

    const benBefore = (await ben.get('/api/classes')).json().joined;
    expect(benBefore).toHaveLength(1);
    expect((await del(teacher, `/api/classes/${c.id}`)).json()).toEqual({
      message: CLASS_MESSAGES.deleted,
    });
    expect((await ben.get('/api/classes')).json()).toEqual({ teaching: [], joined: [] });
    expect(await classRows()).toEqual({ classes: 0, topics: 0, members: 0 });
    expect(
      await t.db.db
        .selectFrom('subjects')
        .select('name')
        .where('name', 'like', 'Physics%')
        .execute(),
    ).toHaveLength(4);
  });

  it('places the class in a planned week, and re-plans its subjects alone when a member accepts a change', async () => {
    // Ana's plan from the wizard: a known week to place into.
    const proposal = await ana.request({
      method: 'POST',
      url: '/api/ai/ProcessStudyMaterials',
      ...form(wizard()),
    });
    expect(proposal.statusCode, proposal.body).toBe(201);
    const planId = proposal.json().planId;
    expect((await ana.post(`/api/ai/AcceptStudyPlan/${planId}`, {})).statusCode).toBe(200);
    const c = await created(teacher, {
      ...PHYSICS,
      exams: [{ name: 'Test', date: isoDay(14) }],
      topics: [
        { name: 'Kinematics', hours: 3 },
        { name: 'Energy', hours: 3 },
      ],
    });
    const sessionsOf = async (subjectId: number) =>
      t.db.db
        .selectFrom('studySessions')
        .select(['id', 'startAt', 'endAt', 'subjectId'])
        .where('userId', '=', anaId)
        .where('subjectId', '=', subjectId)
        .orderBy('startAt')
        .execute();
    const others = async () =>
      t.db.db
        .selectFrom('studySessions')
        .select(['id', 'startAt', 'endAt'])
        .where('userId', '=', anaId)
        .where('subjectId', 'not in', [0, ...joined.subjectIds])
        .orderBy('id')
        .execute();
    const j = await join(ana, c.joinCode ?? '', planId);
    expect(j.statusCode, j.body).toBe(200);
    const joined = j.json();
    const [subjectId] = joined.subjectIds;
    const placed = await sessionsOf(subjectId);
    expect(joined.placed).toBe(placed.length);
    // 6 hours in 1-hour sessions, before the exam, none on another session of hers.
    const hours = placed.reduce((h, s) => h + (Date.parse(s.endAt) - Date.parse(s.startAt)), 0);
    expect(hours / 3_600_000).toBeGreaterThanOrEqual(6);
    const before = await others();
    for (const s of placed) {
      expect(s.startAt < `${isoDay(14)}T00:00`).toBe(true);
      for (const o of before) expect(s.startAt >= o.endAt || s.endAt <= o.startAt).toBe(true);
    }

    // The teacher moves the exam a week later: nothing moves until Ana accepts.
    const input = asInput(c);
    await put(teacher, `/api/classes/${c.id}`, {
      ...input,
      exams: [{ ...input.exams[0], date: isoDay(21) }],
    });
    expect(await sessionsOf(subjectId)).toEqual(placed);
    const accepted = await ana.post(`/api/classes/${c.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      planId,
      class: { membership: { pending: [] } },
    });
    const subject = (await subjectsOf(anaId)).find((s) => s.id === subjectId);
    expect(subject?.examDate).toBe(isoDay(21));
    const after = await sessionsOf(subjectId);
    expect(accepted.json().placed).toBe(after.length);
    expect(after.length).toBeGreaterThan(0);
    // The rest of her plan did not move.
    expect(await others()).toEqual(before);

    // A plan made by hand has no week: the class is copied, and the answer says why no session.
    const byHand = await createPlanTree(ben, 'By hand');
    const b = await join(ben, c.joinCode ?? '', byHand.plan.id);
    expect(b.json()).toMatchObject({ placed: 0, notices: [{ code: 'class_plan_by_hand' }] });

    // A new plan takes the week of the student's newest smart-scheduler plan: placed at once.
    const cleo = new TestClient(t.app);
    await cleo.registerAndLogin({ username: 'cleo', email: 'cleo@example.com' });
    const own = await cleo.request({
      method: 'POST',
      url: '/api/ai/ProcessStudyMaterials',
      ...form(wizard()),
    });
    expect(own.statusCode, own.body).toBe(201);
    const fresh = await join(cleo, c.joinCode ?? '');
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().placed).toBeGreaterThan(0);
    const plan = await t.db.db
      .selectFrom('studyPlans')
      .select(['name', 'sourceInput', 'timeZone', 'status'])
      .where('id', '=', fresh.json().planId)
      .executeTakeFirstOrThrow();
    expect(plan).toMatchObject({ name: 'Physics 2B', timeZone: 'Europe/Athens', status: 'active' });
    expect(JSON.parse(plan.sourceInput ?? '{}').period.end).toBe(isoDay(21));
  });

  it('gives a plan made by hand the student’s week, places the class in it, and never overwrites a week', async () => {
    const c = await created(teacher, {
      ...PHYSICS,
      exams: [{ name: 'Test', date: isoDay(14) }],
      topics: [
        { name: 'Kinematics', hours: 3 },
        { name: 'Energy', hours: 3 },
      ],
    });
    // Ben never used the smart scheduler: his new plan is made by hand, nothing placed.
    const j = await join(ben, c.joinCode ?? '');
    expect(j.json()).toMatchObject({
      placed: 0,
      notices: [{ code: 'class_plan_by_hand' }],
      class: { membership: { planHasWeek: false } },
    });
    const planId: number = j.json().planId;
    const [subjectId] = j.json().subjectIds;
    const week = {
      availability: wizard().availability,
      preferences: { sessionLength: 1, frontLoad: false, extraWishes: '' },
      language: 'de',
      timeZone: 'Europe/Berlin',
    };
    const url = `/api/classes/${c.id}/week`;
    const planRow = () =>
      t.db.db
        .selectFrom('studyPlans')
        .select(['sourceInput', 'timeZone'])
        .where('id', '=', planId)
        .executeTakeFirstOrThrow();
    const sessions = () =>
      t.db.db
        .selectFrom('studySessions')
        .select(['id', 'startAt', 'endAt', 'title'])
        .where('subjectId', '=', subjectId)
        .orderBy('startAt')
        .execute();

    // A week that does not validate, and another's or a stranger's reach, change nothing.
    const bad = await put(ben, url, { ...week, timeZone: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(400);
    expect((await put(ben, url, { ...week, availability: [] })).statusCode).toBe(400);
    expect((await put(other, url, week)).statusCode).toBe(404);
    expect((await put(teacher, url, week)).statusCode).toBe(404);
    expect(await planRow()).toMatchObject({ sourceInput: null });
    expect(await sessions()).toEqual([]);

    const r = await put(ben, url, week);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ planId, class: { membership: { planHasWeek: true } } });
    const placed = await sessions();
    expect(r.json().placed).toBe(placed.length);
    const hours = placed.reduce((h, s) => h + (Date.parse(s.endAt) - Date.parse(s.startAt)), 0);
    expect(hours / 3_600_000).toBeGreaterThanOrEqual(6);
    for (const s of placed) expect(s.startAt < `${isoDay(14)}T00:00`).toBe(true);
    // In his language, over today to the class's exam, in his zone.
    expect(placed[0]?.title).toMatch(/Kinematics|Energy/);
    const plan = await planRow();
    expect(plan.timeZone).toBe('Europe/Berlin');
    expect(JSON.parse(plan.sourceInput ?? '{}')).toMatchObject({
      period: { end: isoDay(14) },
      language: 'de',
      preferences: { sessionLength: 1 },
    });

    // The plan now has a week: a second one is refused and nothing moves.
    const again = await put(ben, url, { ...week, timeZone: 'UTC' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('class_plan_has_week');
    expect(await sessions()).toEqual(placed);
    expect((await planRow()).timeZone).toBe('Europe/Berlin');
    // And the living plan takes it from here: its re-plan reads the week.
    const replan = await ben.post(`/api/plans/${planId}/replan`, {});
    expect(replan.statusCode, replan.body).toBe(200);
  });

  it('shows the teacher counts from the minimum group up, and by name only who shares', async () => {
    const c = await created();
    const url = `/api/classes/${c.id}/standing`;
    await join(ana, c.joinCode ?? '');
    const alone = (await teacher.get(url)).json();
    expect(alone).toEqual({
      members: 1,
      minGroup: 2,
      shown: false,
      exams: [],
      topics: [],
      shared: [],
    });
    // Ana shares: her own progress shows by name, even alone; withdrawn, it is gone again.
    await put(ana, `/api/classes/${c.id}/share`, { share: true });
    expect((await teacher.get(url)).json().shared).toEqual([
      expect.objectContaining({ name: 'Ana Lee', topicsCovered: 0, topicsTotal: 4 }),
    ]);
    await put(ana, `/api/classes/${c.id}/share`, { share: false });
    expect((await teacher.get(url)).json().shared).toEqual([]);

    await join(ben, c.joinCode ?? '');
    // Ana studied her copy of Kinematics.
    await t.db.db
      .updateTable('topics')
      .set({ completed: 1 })
      .where('userId', '=', anaId)
      .where('name', '=', 'Kinematics')
      .execute();
    const standing = (await teacher.get(url)).json();
    expect(standing).toMatchObject({ members: 2, shown: true, shared: [] });
    for (const e of standing.exams)
      expect(e.onTrack + e.atRisk + e.behind + e.unknown, e.name).toBe(2);
    expect(
      standing.topics.map((x: { name: string; covered: number }) => [x.name, x.covered]),
    ).toEqual([
      ['Kinematics', 0.5],
      ['Newton’s laws', 0],
      ['Energy', 0],
      ['Momentum', 0],
    ]);
    // Nobody but the teacher reads it.
    for (const client of [ana, other]) expect((await client.get(url)).statusCode).toBe(404);
    expect(JSON.stringify(standing)).not.toContain('Ana');
  });

  it('e-mails a change to the members who keep lesson reminders on, in their language', async () => {
    const sink = await startSmtpSink();
    try {
      await t.close();
      t = await createTestApp(kind, {
        SMTP_URL: sink.url,
        PUBLIC_URL: 'https://study.example.org',
      });
      teacher = new TestClient(t.app);
      ana = new TestClient(t.app);
      ben = new TestClient(t.app);
      await makeTeacher(
        (await teacher.registerAndLogin({ username: 'k', email: 'k@school.example' })).id,
      );
      anaId = (await ana.registerAndLogin()).id;
      await ben.registerAndLogin({ username: 'ben', email: 'ben@example.com' });
      // Ana keeps lesson reminders on, in German; Ben has them off (the default).
      await t.db.db
        .updateTable('users')
        .set({ notifyOnLesson: 1, language: 'de' })
        .where('id', '=', anaId)
        .execute();
      const c = await created();
      await join(ana, c.joinCode ?? '');
      await join(ben, c.joinCode ?? '');
      const input = asInput(c);
      await put(teacher, `/api/classes/${c.id}`, {
        ...input,
        exams: input.exams.map((e, i) => (i === 0 ? { ...e, date: '2027-03-17' } : e)),
      });
      await t.settle();
      expect(sink.messages.map((m) => m.to)).toEqual([['ana@example.com']]);
      const [mail] = sink.messages;
      expect(mail?.subject).toBe('Physics 2B: Deine Klasse hat sich geändert');
      expect(mail?.text).toContain('Midterm vom 2027-03-10 auf den 2027-03-17 verschoben');
      expect(mail?.text).toContain(`https://study.example.org/classes/${c.id}`);
      expect(mail?.headers['list-unsubscribe']).toMatch(
        /^<https:\/\/study\.example\.org\/api\/reminders\/unsubscribe\?token=/,
      );
      // Both have it in the bell.
      expect(await bell(ben)).toHaveLength(1);
    } finally {
      await sink.close();
    }
  });

  it('throttles join attempts, so codes cannot be guessed', async () => {
    const c = await created();
    for (let i = 0; i < 10; i++) expect((await join(ana, `WRONG${i}AA`)).statusCode).toBe(404);
    const r = await join(ana, c.joinCode ?? '');
    expect(r.statusCode).toBe(429);
    expect(r.headers['retry-after']).toBeDefined();
    expect(await classRows()).toMatchObject({ members: 0 });
  });
});
