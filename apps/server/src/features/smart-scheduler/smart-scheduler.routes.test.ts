import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeDocx, makePdf } from '../../testing/files.js';
import {
  countRows,
  createTestApp,
  dbKinds,
  type TestApp,
  TestClient,
  testReaders,
} from '../../testing/harness.js';
import { multipart } from '../../testing/multipart.js';
import { form, free, isoDay, wizard } from '../../testing/wizard-form.js';

describe.each(dbKinds)('smart scheduler on %s', (kind) => {
  let t: TestApp;
  let client: InstanceType<typeof TestClient>;
  const countPlans = async () => countRows(t.db, 'studyPlans');
  const post = (body: ReturnType<typeof form>) =>
    client.request({ method: 'POST', url: '/api/ai/ProcessStudyMaterials', ...body });

  beforeEach(async () => {
    t = await createTestApp(kind);
    client = new TestClient(t.app);
    await client.registerAndLogin();
  });
  afterEach(async () => t.close());

  it('turns a PDF, a DOCX and notes into a draft plan drawn from them, then accepts it', async () => {
    const pdf = await makePdf([
      'Alkanes are saturated hydrocarbons with single bonds.',
      'Alkenes contain a carbon double bond.',
    ]);
    const docx = await makeDocx([
      { heading: true, text: 'Nucleophilic substitution' },
      { text: 'In an SN2 reaction the nucleophile attacks from the back side.' },
    ]);
    const r = await post(
      form(wizard(), [
        { field: 'Organic_Chemistry', filename: 'lecture1.pdf', content: pdf },
        { field: 'Organic_Chemistry', filename: 'mechanisms.docx', content: docx },
        {
          field: 'Physics',
          filename: 'notes.md',
          content: '# Momentum\nMomentum is mass times velocity, $p = mv$.',
        },
      ]),
    );
    expect(r.statusCode, r.body).toBe(201);
    const proposal = r.json();
    expect(proposal.status).toBe('draft');
    expect(proposal.schedule.length).toBeGreaterThan(0);
    const blocks = proposal.schedule.flatMap((d: { blocks: unknown[] }) => d.blocks);
    for (const s of proposal.summary) {
      const sum = blocks
        .filter((b: { subject: string }) => b.subject === s.subject)
        .reduce((a: number, b: { duration: number }) => a + b.duration, 0);
      expect(s.totalHours).toBeCloseTo(sum, 5);
    }
    expect(proposal.summary.map((s: { subject: string }) => s.subject)).toEqual([
      'Organic Chemistry',
      'Physics',
    ]);
    expect(blocks.every((b: { start: string }) => b.start >= '16:00')).toBe(true);
    expect(blocks.some((b: { materials: string[] }) => b.materials.includes('lecture1.pdf'))).toBe(
      true,
    );

    // The plan's topics are the key topics; the files are their material, each part written
    // into the topic it speaks of (the DOCX's SN2 section into "Reaction mechanisms"), once the
    // background jobs have written them.
    await t.settle();
    const plan = (await client.get(`/api/generic/GetStudyProgramById/${proposal.planId}`)).json();
    expect(plan.status).toBe('draft');
    const chem = plan.subjectDetails.find(
      (s: { subjectName: string }) => s.subjectName === 'Organic Chemistry',
    );
    const names = chem.topics.map((x: { name: string }) => x.name);
    expect(names).toEqual([
      'Alkanes and alkenes',
      'Reaction mechanisms',
      'Stereochemistry and chirality',
    ]);
    const mechanisms = chem.topics.find((x: { name: string }) => x.name === 'Reaction mechanisms');
    expect(mechanisms.deepDiveContent).toContain('SN2 reaction the nucleophile attacks');
    const alkanes = chem.topics.find((x: { name: string }) => x.name === 'Alkanes and alkenes');
    expect(alkanes.deepDiveContent).toContain('saturated hydrocarbons');
    const lesson = (await client.get(`/lessons/${alkanes.lessonId}`)).json();
    expect(lesson.latexContent).toContain('# Alkanes and alkenes');
    const physics = plan.subjectDetails.find(
      (s: { subjectName: string }) => s.subjectName === 'Physics',
    );
    const momentum = physics.topics.find((x: { name: string }) => /momentum/i.test(x.name));
    expect((await client.get(`/lessons/${momentum.lessonId}`)).json().latexContent).toContain(
      '$p = mv$',
    );

    // Only the text is kept: no original reaches the disk, under any name.
    const stored = readdirSync(t.config.dataDir, { recursive: true }).map(String);
    expect(stored).not.toContain('uploads');
    expect(stored.join(' ')).not.toMatch(/lecture1|mechanisms|notes\.md|[0-9a-f]{64}/);

    // A draft is not on the calendar until accepted.
    expect((await client.get('/api/generic/GetStudySessionDto')).json()).toEqual([]);
    // The same proposal, its content now written.
    expect((await client.get(`/api/ai/StudyPlanProposal/${proposal.planId}`)).json()).toEqual({
      ...proposal,
      content: expect.objectContaining({ written: proposal.content.total }),
    });
    const accepted = await client.post(`/api/ai/AcceptStudyPlan/${proposal.planId}`, {});
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().status).toBe('active');
    expect((await client.get('/api/generic/GetStudySessionDto')).json()).toHaveLength(
      blocks.length,
    );
    expect((await client.post(`/api/ai/AcceptStudyPlan/${proposal.planId}`, {})).statusCode).toBe(
      409,
    );
  });

  it('accepts edited blocks after checking them, and refuses a block outside the free hours', async () => {
    const r = await post(form(wizard()));
    expect(r.statusCode, r.body).toBe(201);
    const proposal = r.json();
    const blocks = proposal.schedule.flatMap(
      (d: { date: string; blocks: { sessionId: number; start: string; end: string }[] }) =>
        d.blocks.map((b) => ({ sessionId: b.sessionId, date: d.date, start: b.start, end: b.end })),
    );
    const bad = [{ ...blocks[0], start: '05:00', end: '06:00' }, ...blocks.slice(1)];
    const refused = await client.post(`/api/ai/AcceptStudyPlan/${proposal.planId}`, {
      blocks: bad,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/outside that day's study hours/);
    expect((await client.get(`/api/ai/StudyPlanProposal/${proposal.planId}`)).json().status).toBe(
      'draft',
    );

    // Drop the first block, keep the rest as proposed.
    const ok = await client.post(`/api/ai/AcceptStudyPlan/${proposal.planId}`, {
      blocks: blocks.slice(1),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await client.get('/api/generic/GetStudySessionDto')).json()).toHaveLength(
      blocks.length - 1,
    );
  });

  it('refuses an edited block on busy time, with a notice naming both', async () => {
    const r = await post(form(wizard()));
    expect(r.statusCode, r.body).toBe(201);
    const proposal = r.json();
    const blocks = proposal.schedule.flatMap(
      (d: { date: string; blocks: { sessionId: number; start: string; end: string }[] }) =>
        d.blocks.map((b) => ({ sessionId: b.sessionId, date: d.date, start: b.start, end: b.end })),
    );
    // A lecture added since the plan was made, on the first block's day and hour.
    const lecture = await client.post('/api/busy-times', {
      kind: 'lecture',
      title: 'Algebra',
      date: blocks[0].date,
      startTime: blocks[0].start,
      endTime: blocks[0].end,
      repeat: 'once',
      timeZone: 'Europe/Athens',
    });
    expect(lecture.statusCode, lecture.body).toBe(201);
    const refused = await client.post(`/api/ai/AcceptStudyPlan/${proposal.planId}`, {
      blocks: blocks.slice(0, -1),
    });
    expect(refused.statusCode).toBe(400);
    const notices = refused.json().details.map((d: { notice: { code: string } }) => d.notice);
    expect(notices).toEqual([
      expect.objectContaining({
        code: 'block_on_busy_time',
        params: expect.objectContaining({
          blockDate: blocks[0].date,
          startTime: blocks[0].start,
          busyStartTime: blocks[0].start,
          busyEndTime: blocks[0].end,
        }),
      }),
    ]);
    // Without the block on the lecture, the edit is accepted.
    const ok = await client.post(`/api/ai/AcceptStudyPlan/${proposal.planId}`, {
      blocks: blocks.slice(1),
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('writes the plan’s name, summary, session titles and focus points in the student’s language', async () => {
    const w = wizard();
    const r = await post(form(w, [], [{ name: 'language', content: 'el' }]));
    expect(r.statusCode, r.body).toBe(201);
    const proposal = r.json();
    const focus: string[] = proposal.schedule.flatMap((d: { blocks: { focus: string[] }[] }) =>
      d.blocks.flatMap((b) => b.focus),
    );
    expect(focus).toContain('Μάθε: Alkanes and alkenes');
    expect(focus.some((f) => /^(Learn|Recall|Retrieval practice|Continue): /.test(f))).toBe(false);
    const plan = (await client.get(`/api/generic/GetStudyProgramById/${proposal.planId}`)).json();
    const until = new Intl.DateTimeFormat('el', {
      day: 'numeric',
      month: 'short',
      ...(w.period.end.slice(0, 4) === w.period.start.slice(0, 4) ? {} : { year: 'numeric' }),
      timeZone: 'UTC',
    }).format(new Date(`${w.period.end}T00:00:00Z`));
    expect(plan.name).toBe(`Organic Chemistry και Physics, έως ${until}`);
    expect(plan.description).toBe(plan.overallSummary);
    expect(plan.overallSummary).toMatch(
      /^Πρόγραμμα από .* μαθήματα, .* ενότητες και .* μελέτης\.$/,
    );

    await client.post(`/api/ai/AcceptStudyPlan/${proposal.planId}`, {});
    const titles = (await client.get('/api/generic/GetStudySessionDto'))
      .json()
      .map((s: { title: string }) => s.title);
    expect(titles).toContain('Τελική επανάληψη: Organic Chemistry');
    expect(titles.some((t: string) => /^(Final review|Review): /.test(t))).toBe(false);
  });

  it('keeps each subject’s exam day and priority, and checks edited blocks against them', async () => {
    const r = await post(form(wizard()));
    expect(r.statusCode, r.body).toBe(201);
    const proposal = r.json();
    const subjects = (await client.get(`/subjects?planId=${proposal.planId}`)).json();
    expect(subjects).toMatchObject([
      { name: 'Organic Chemistry', examDate: isoDay(20), priority: 2 },
      { name: 'Physics', examDate: null, priority: 1 },
    ]);
    const blocks = proposal.schedule.flatMap(
      (d: {
        date: string;
        blocks: { sessionId: number; subject: string; start: string; end: string }[];
      }) =>
        d.blocks.map((b) => ({
          sessionId: b.sessionId,
          subject: b.subject,
          date: d.date,
          start: b.start,
          end: b.end,
        })),
    );
    const earlier = isoDay(10);
    expect(
      blocks.some(
        (b: { subject: string; date: string }) =>
          b.subject === 'Organic Chemistry' && b.date >= earlier,
      ),
    ).toBe(true);

    // The exam moves forward on the subject: blocks now on or after it are refused.
    const moved = await client.request({
      method: 'PUT',
      url: `/subjects/${subjects[0].id}`,
      payload: { name: 'Organic Chemistry', examDate: earlier },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ examDate: earlier, priority: 2 });
    const refused = await client.post(`/api/ai/AcceptStudyPlan/${proposal.planId}`, {
      blocks: blocks.map(({ subject: _s, ...b }: { subject: string }) => b),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/Organic Chemistry .* on or after the exam day/);
    expect(refused.json().details).toContainEqual(
      expect.objectContaining({
        path: 'blocks',
        notice: expect.objectContaining({
          code: 'block_on_or_after_exam',
          params: expect.objectContaining({ subject: 'Organic Chemistry' }),
        }),
      }),
    );
  });

  it.each([
    ['a start in the past', { period: { start: isoDay(-2), end: isoDay(25) } }, /past/],
    ['an end before the start', { period: { start: isoDay(5), end: isoDay(3) } }, /end date/],
    ['53 weeks', { period: { start: isoDay(1), end: isoDay(1 + 53 * 7 - 1) } }, /52 weeks/],
    [
      'no study day',
      {
        availability: Array.from({ length: 7 }, (_, day) => ({
          day,
          enabled: false,
          hours: 2,
          startTime: '16:00',
          endTime: '20:00',
          slots: free,
        })),
      },
      /at least one study day/,
    ],
    [
      'all hours 0',
      {
        availability: Array.from({ length: 7 }, (_, day) => ({
          day,
          enabled: true,
          hours: 0,
          startTime: '16:00',
          endTime: '20:00',
          slots: free,
        })),
      },
      /at least one hour/,
    ],
    [
      'key topics of 49 characters',
      { subjects: [{ name: 'Maths', keyTopics: 'x'.repeat(49), subjectIndex: 0 }] },
      /at least 50 characters/,
    ],
    [
      '60 subjects',
      {
        subjects: Array.from({ length: 60 }, (_, i) => ({
          name: `S${i}`,
          keyTopics: 'y'.repeat(60),
          subjectIndex: i,
        })),
      },
      /At most 20 subjects/,
    ],
    [
      'a deadline outside the period',
      {
        subjects: [
          { name: 'Maths', keyTopics: 'z'.repeat(60), deadline: isoDay(90), subjectIndex: 0 },
        ],
      },
      /inside the study period/,
    ],
    [
      'hours needed on a subject without an exam',
      {
        subjects: [{ name: 'Maths', keyTopics: 'z'.repeat(60), hoursNeeded: 20, subjectIndex: 0 }],
      },
      /for a subject with an exam/,
    ],
    [
      'a weekly cap of 40%',
      { preferences: { sessionLength: 1, frontLoad: false, extraWishes: '', maxLoad: 0.4 } },
      /between 50% and 100%/,
    ],
    [
      'a weekly cap of 110%',
      { preferences: { sessionLength: 1, frontLoad: false, extraWishes: '', maxLoad: 1.1 } },
      /between 50% and 100%/,
    ],
  ])('refuses %s with a 400 and leaves no plan', async (_label, overrides, message) => {
    const r = await post(form(wizard(overrides)));
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(message);
    expect(await countPlans()).toBe(0);
  });

  it("plans around the student's busy time, whatever zone it was entered in", async () => {
    // Every evening 16:00-18:00 in Athens is taken: six days entered in Athens, one in UTC
    // (14:00-16:00 UTC is 16:00-18:00 in Athens in winter).
    for (let i = 0; i < 7; i++) {
      const utc = i === 3;
      const r = await client.post('/api/busy-times', {
        kind: 'work',
        title: `Shift ${i}`,
        date: isoDay(1 + i),
        startTime: utc ? '14:00' : '16:00',
        endTime: utc ? '16:00' : '18:00',
        repeat: 'weekly',
        timeZone: utc ? 'UTC' : 'Europe/Athens',
      });
      expect(r.statusCode, r.body).toBe(201);
    }
    const r = await post(form(wizard()));
    expect(r.statusCode, r.body).toBe(201);
    const proposal = r.json();
    expect(proposal.timeZone).toBe('Europe/Athens');
    const blocks = proposal.schedule.flatMap((d: { blocks: { start: string }[] }) => d.blocks);
    expect(blocks.length).toBeGreaterThan(0);
    expect(blocks.filter((b: { start: string }) => b.start < '18:00')).toEqual([]);
  });

  it("plans the student's calendar weeks from the week start of their profile", async () => {
    // What the service asks of the planner (the week start) is not in the plan: the plan task
    // it hands the work pool is watched.
    const run = vi.spyOn(testReaders().work, 'run');
    const planned = () => {
      const plans = run.mock.calls.flatMap(([task]) =>
        task.kind === 'plan' ? [task.input.weekStart] : [],
      );
      return plans.at(-1);
    };
    expect((await post(form(wizard()))).statusCode).toBe(201);
    expect(planned()).toBe('sunday');
    const profile = await client.post('/user/profile/update', {
      firstName: 'Ana',
      lastName: 'Lee',
      email: 'ana@example.com',
      weekStartsOn: 'monday',
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect((await post(form(wizard()))).statusCode).toBe(201);
    expect(planned()).toBe('monday');
    run.mockRestore();
  });

  it('books the hours a subject needs plus the buffer, and stores the numbers it used', async () => {
    const [chem, physics] = wizard().subjects as Array<Record<string, unknown>>;
    const r = await post(
      form(
        wizard({
          subjects: [
            { ...chem, hoursNeeded: 20 },
            { ...physics, weeklyHours: 2 },
          ],
        }),
      ),
    );
    expect(r.statusCode, r.body).toBe(201);
    const proposal = r.json();
    const hoursOf = (name: string) =>
      proposal.summary.find((s: { subject: string }) => s.subject === name)?.totalHours;
    // 20 h x 1.15 = 23 h, in whole 1-h sessions; the rest of the free time stays free.
    expect(hoursOf('Organic Chemistry')).toBe(23);
    // 2 h a week over the 4-week period (plus the buffer), not the free time left.
    expect(hoursOf('Physics')).toBeGreaterThanOrEqual(8);
    expect(hoursOf('Physics')).toBeLessThanOrEqual(8 * 1.15 + 1);
    const stored = await t.db.db
      .selectFrom('subjects')
      .select(['name', 'hoursNeeded', 'weeklyHours'])
      .where('studyPlanId', '=', proposal.planId)
      .orderBy('id')
      .execute();
    expect(stored.map((s) => ({ ...s, hoursNeeded: s.hoursNeeded ?? null }))).toEqual([
      { name: 'Organic Chemistry', hoursNeeded: 20, weeklyHours: null },
      { name: 'Physics', hoursNeeded: null, weeklyHours: 2 },
    ]);
  });

  it('books our estimate when the student leaves the hours as they are', async () => {
    const r = await post(form(wizard()));
    expect(r.statusCode, r.body).toBe(201);
    const proposal = r.json();
    const stored = await t.db.db
      .selectFrom('subjects')
      .select(['name', 'hoursNeeded', 'weeklyHours'])
      .where('studyPlanId', '=', proposal.planId)
      .orderBy('id')
      .execute();
    const chem = stored[0];
    const physics = stored[1];
    // Three key topics at High priority, 1-h sessions: 3 x 2 h + 1 h of final review = 7 h at
    // Medium, x 1.3 = 9.1 -> 10 whole sessions.
    expect(chem?.hoursNeeded).toBe(10);
    expect(chem?.weeklyHours).toBeNull();
    expect(physics?.hoursNeeded).toBeNull();
    expect(physics?.weeklyHours).toBeGreaterThan(0);
    const hours = proposal.summary.find(
      (s: { subject: string }) => s.subject === 'Organic Chemistry',
    )?.totalHours;
    expect(hours).toBeGreaterThanOrEqual(10);
    expect(hours).toBeLessThanOrEqual(10 * 1.15 + 1);
  });

  it('names the broken part', async () => {
    const body = multipart([
      { name: 'period', content: '{not json' },
      { name: 'availability', content: '[]' },
    ]);
    const r = await client.request({
      method: 'POST',
      url: '/api/ai/ProcessStudyMaterials',
      ...body,
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(/^period:/);
  });

  it('turns files that are not what they say, empty or corrupt into warnings naming them', async () => {
    const r = await post(
      form(wizard(), [
        { field: 'Physics', filename: 'fake.pdf', content: '<html>not a pdf</html>' },
        { field: 'Physics', filename: 'empty.txt', content: Buffer.alloc(0) },
        {
          field: 'Physics',
          filename: 'broken.pdf',
          content: '%PDF-1.7 garbage that is not a document',
        },
        {
          field: 'Physics',
          filename: '../../escape.txt',
          content: 'Energy is conserved in a closed system.',
        },
      ]),
    );
    expect(r.statusCode, r.body).toBe(201);
    const warnings = r.json().aiWarnings;
    expect(warnings).toContainEqual({
      code: 'file_type_mismatch',
      params: { file: 'fake.pdf' },
      message: 'fake.pdf: the file is not what its name says, so it was skipped.',
    });
    expect(warnings).toContainEqual(
      expect.objectContaining({ code: 'file_unreadable', params: { file: 'broken.pdf' } }),
    );
    const stored = readdirSync(t.config.dataDir, { recursive: true }).map(String);
    expect(stored.join(' ')).not.toContain('escape');
    expect(readdirSync(join(t.config.dataDir, '..'))).not.toContain('escape.txt');
  });

  it('names a topic that none of its subject’s files speaks of', async () => {
    const w = wizard();
    const physics = w.subjects.find((s) => s.name === 'Physics');
    const request = wizard({
      subjects: w.subjects.map((s) =>
        s === physics
          ? { ...s, keyTopics: 'Momentum and collisions\nThermodynamics and heat engines' }
          : s,
      ),
    });
    const r = await post(
      form(request, [
        {
          field: 'Physics',
          filename: 'momentum.md',
          content:
            '# Momentum\n\nMomentum is mass times velocity, and it is conserved in collisions.',
        },
      ]),
    );
    expect(r.statusCode, r.body).toBe(201);
    const warnings = r.json().aiWarnings;
    expect(warnings).toContainEqual(
      expect.objectContaining({
        code: 'topic_without_material',
        params: { topic: 'Thermodynamics and heat engines', subject: 'Physics' },
      }),
    );
    expect(warnings).not.toContainEqual(
      expect.objectContaining({ params: { topic: 'Momentum and collisions', subject: 'Physics' } }),
    );
  });

  it('answers 413 to a file over 20 MB and to more than 50 MB in all, leaving no plan', async () => {
    const big = await post(
      form(wizard(), [
        { field: 'Physics', filename: 'big.txt', content: Buffer.alloc(21 * 1024 * 1024, 97) },
      ]),
    );
    expect(big.statusCode).toBe(413);
    const many = await post(
      form(
        wizard(),
        [1, 2, 3].map((i) => ({
          field: 'Physics',
          filename: `part${i}.txt`,
          content: Buffer.alloc(19 * 1024 * 1024, 98),
        })),
      ),
    );
    expect(many.statusCode).toBe(413);
    expect(await countPlans()).toBe(0);
  });

  it('reports the stage of a generation by its job id, to its student only', async () => {
    const r = await post(form(wizard(), [], [{ name: 'jobId', content: 'job-1234-abcd' }]));
    expect(r.statusCode, r.body).toBe(201);
    expect(
      (await client.get('/api/ai/ProcessStudyMaterials/progress/job-1234-abcd')).json(),
    ).toEqual({ stage: 'done' });
    expect(
      (await client.get('/api/ai/ProcessStudyMaterials/progress/job-9999-zzzz')).json(),
    ).toEqual({ stage: 'unknown' });
    const other = new TestClient(t.app);
    await other.registerAndLogin({ username: 'eve', email: 'eve@example.com' });
    expect(
      (await other.get('/api/ai/ProcessStudyMaterials/progress/job-1234-abcd')).json(),
    ).toEqual({ stage: 'unknown' });
    expect((await client.get('/api/ai/ProcessStudyMaterials/progress/../x')).statusCode).toBe(404);
  });

  it('gives each key topic its own section of terse notes and never makes a topic of the file', async () => {
    const sections: Record<string, string[]> = {
      'Alkanes and alkenes': [
        'Alkanes: saturated, single C-C bonds only',
        'Alkenes: C=C double bond, addition reactions',
        'Bromine water is decolourised by alkenes',
        'Cracking turns long alkanes into shorter alkenes',
      ],
      'Aromatic compounds': [
        'Benzene: delocalised pi electrons in a planar ring',
        'Electrophilic substitution keeps the ring intact',
        'Nitration needs concentrated HNO3 and H2SO4',
        'Friedel-Crafts alkylation uses an AlCl3 catalyst',
      ],
      'Nucleophilic substitution': [
        'SN1: two steps through a planar carbocation',
        'SN1 gives a racemic mixture',
        'SN2: one step with backside attack',
        'SN2 gives inversion of configuration',
      ],
      Stereochemistry: [
        'Chiral centre: four different groups on one carbon',
        'Enantiomers rotate plane-polarised light oppositely',
        'R and S are assigned by CIP priorities',
        'Meso compounds are achiral despite chiral centres',
      ],
    };
    const names = Object.keys(sections);
    const notes = [
      '# Lecture notes week 1-6',
      ...names.flatMap((n) => ['', `## ${n}`, ...(sections[n] ?? []).map((l) => `- ${l}`)]),
    ].join('\n');
    const w = wizard();
    const request = wizard({
      subjects: [{ ...w.subjects[0], keyTopics: names.join('\n') }],
    });
    const r = await post(
      form(request, [
        { field: 'Organic_Chemistry', filename: 'lecture notes week 1-6.md', content: notes },
      ]),
    );
    expect(r.statusCode, r.body).toBe(201);
    await t.settle();
    const plan = (await client.get(`/api/generic/GetStudyProgramById/${r.json().planId}`)).json();
    const topics: { name: string; deepDiveContent: string; lessonId: number }[] =
      plan.subjectDetails[0].topics;
    expect(topics.map((x) => x.name)).toEqual(names);
    const blocks = r.json().schedule.flatMap((d: { blocks: { title: string }[] }) => d.blocks);
    expect(blocks.some((b: { title: string }) => /lecture notes/i.test(b.title))).toBe(false);
    for (const topic of topics) {
      const own = sections[topic.name] ?? [];
      const others = names.filter((n) => n !== topic.name).flatMap((n) => sections[n] ?? []);
      const lesson = (await client.get(`/lessons/${topic.lessonId}`)).json().latexContent;
      for (const content of [topic.deepDiveContent, lesson]) {
        expect(
          own.some((line) => content.includes(line)),
          `${topic.name}: ${content}`,
        ).toBe(true);
        for (const line of others) expect(content, topic.name).not.toContain(line);
      }
    }
    // The lesson helper answers both parts of a question from the notes, each with its line.
    const substitution = topics.find((x) => x.name === 'Nucleophilic substitution');
    const answer = (
      await client.post(`/lessons/${substitution?.lessonId}/ai-bot`, {
        question: 'Why does SN1 give a racemic mixture while SN2 gives inversion?',
      })
    ).json();
    expect(answer.covered).toBe(true);
    expect(answer.passages.map((p: { text: string }) => p.text)).toEqual([
      'SN1 gives a racemic mixture',
      'SN2 gives inversion of configuration',
    ]);

    // Cards and questions test the topic's own notes, never the engine's instruction words.
    const own = (sections['Nucleophilic substitution'] ?? []).join('\n').toLowerCase();
    const scaffolding = /\b(explain|summari[sz]e|sentences?|notes|words|three|work through)\b/i;
    const deck = (await client.post(`/lessons/${substitution?.lessonId}/flashcards`)).json();
    expect(deck.cards.length).toBeGreaterThan(0);
    for (const c of deck.cards as { front: string; back: string }[]) {
      expect(own, `${c.front} -> ${c.back}`).toContain(c.back.toLowerCase());
      expect(c.back).not.toMatch(scaffolding);
    }
    const quiz = (await client.post(`/lessons/${substitution?.lessonId}/quiz`)).json();
    // Four lines may not hold four questions worth asking: fewer, said so, never filler.
    if (quiz.questions.length < 4) {
      const codes = quiz.warnings.map((n: { code: string }) => n.code);
      expect(codes).toContain(
        quiz.questions.length ? 'ai_thin_material' : 'ai_too_little_material',
      );
    }
    const result = (
      await client.post(`/quizzes/${quiz.id}/submit`, {
        answers: quiz.questions.map(() => null),
      })
    ).json();
    for (const q of result.questions as {
      prompt: string;
      options: string[];
      correctIndex: number;
      explanation: string;
    }[]) {
      const answerText = q.options[q.correctIndex] ?? '';
      expect(q.options, q.prompt).toHaveLength(4);
      expect(new Set(q.options.map((o) => o.toLowerCase())).size, q.prompt).toBe(4);
      expect(own, q.prompt).toContain(answerText.toLowerCase());
      expect(`${q.prompt} ${answerText}`).not.toMatch(scaffolding);
      // The explanation quotes a line of the topic's own notes.
      expect(
        (sections['Nucleophilic substitution'] ?? []).some((line) => q.explanation.includes(line)),
        q.explanation,
      ).toBe(true);
    }
  });

  it('asks the order of the steps a lead-in announces, from an uploaded file', async () => {
    const steps = [
      'The MMU traps to the kernel',
      'The kernel finds a free frame',
      'The page is read from disk into the frame',
      'The page table is updated',
      'The faulting instruction is restarted',
    ];
    const notes = [
      '# Page faults',
      'A page fault occurs when a process touches a page that is not in physical memory.',
      'The OS handles a page fault in these steps:',
      ...steps.map((x, i) => `${i + 1}. ${x}`),
      '',
      'Demand paging loads a page only when a process first touches it.',
      'The working set is the set of pages a process has used in a recent window of time.',
      'Thrashing happens when the working sets of all processes no longer fit in memory.',
    ].join('\n');
    const w = wizard();
    const keyTopics = 'Page faults\nDemand paging\nWorking sets and thrashing';
    const request = wizard({ subjects: [{ ...w.subjects[0], keyTopics }] });
    const r = await post(
      form(request, [{ field: 'Organic_Chemistry', filename: 'page-faults.md', content: notes }]),
    );
    expect(r.statusCode, r.body).toBe(201);
    await t.settle();
    const plan = (await client.get(`/api/generic/GetStudyProgramById/${r.json().planId}`)).json();
    const topic = plan.subjectDetails[0].topics.find(
      (x: { name: string }) => x.name === 'Page faults',
    );
    const quiz = (await client.post(`/lessons/${topic.lessonId}/quiz`)).json();
    const result = (
      await client.post(`/quizzes/${quiz.id}/submit`, {
        answers: quiz.questions.map(() => null),
      })
    ).json();
    const order = (
      result.questions as { prompt: string; options: string[]; correctIndex: number }[]
    ).find((q) => q.prompt.startsWith('Which is the right order?'));
    expect(order?.prompt).toBe(
      'Which is the right order? The OS handles a page fault in these steps:',
    );
    expect(order?.options[order.correctIndex]).toBe(steps.join(' → '));
    expect(new Set(order?.options).size).toBe(4);
  });

  it('applies a formula of an uploaded file to numbers in the quiz, its key computed', async () => {
    const notes = [
      '# Dynamics',
      'A resultant force on a body makes it accelerate in the direction of the force.',
      '- $F = ma$ (resultant force, constant mass)',
      'Momentum is the product of mass and velocity, and it is conserved in a collision.',
      'Weight is the gravitational force that the Earth exerts on a mass near its surface.',
    ].join('\n');
    const w = wizard();
    const request = wizard({
      subjects: [
        {
          ...w.subjects[0],
          keyTopics: 'Dynamics\nMomentum and collisions\nWeight and gravitational fields',
        },
      ],
    });
    const r = await post(
      form(request, [{ field: 'Organic_Chemistry', filename: 'dynamics.md', content: notes }]),
    );
    expect(r.statusCode, r.body).toBe(201);
    await t.settle();
    const plan = (await client.get(`/api/generic/GetStudyProgramById/${r.json().planId}`)).json();
    const topic = plan.subjectDetails[0].topics.find(
      (x: { name: string }) => x.name === 'Dynamics',
    );
    const quiz = (await client.post(`/lessons/${topic.lessonId}/quiz`)).json();
    const result = (
      await client.post(`/quizzes/${quiz.id}/submit`, { answers: quiz.questions.map(() => null) })
    ).json();
    const applied = (
      result.questions as { prompt: string; options: string[]; correctIndex: number }[]
    ).find((q) => q.prompt.startsWith('Using $F = ma$'));
    const m = Number(applied?.prompt.match(/\$m = (\d+)\$/)?.[1]);
    const a = Number(applied?.prompt.match(/\$a = (\d+)\$/)?.[1]);
    expect(applied?.prompt).toBe(`Using $F = ma$, what is $F$ when $m = ${m}$ and $a = ${a}$?`);
    expect(applied?.options[applied.correctIndex]).toBe(String(m * a));
    expect(new Set(applied?.options).size).toBe(4);
  });

  it('keeps proposals private to their student', async () => {
    const r = await post(form(wizard()));
    const other = new TestClient(t.app);
    await other.registerAndLogin({ username: 'eve', email: 'eve@example.com' });
    expect((await other.get(`/api/ai/StudyPlanProposal/${r.json().planId}`)).statusCode).toBe(404);
    expect((await other.post(`/api/ai/AcceptStudyPlan/${r.json().planId}`, {})).statusCode).toBe(
      404,
    );
  });
});
