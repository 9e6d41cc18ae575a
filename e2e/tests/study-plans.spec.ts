import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../support/admin.js';
import { ApiClient } from '../support/api.js';
import { expectAccessible, launchBrowser, newStudent, openPage } from '../support/browser.js';
import { login, register, see } from '../support/journeys.js';
import { dayFromToday, generatedPlan, planWithTopic } from '../support/plans.js';

describe('study plans journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('builds a plan with subjects and topics and reads a lesson with math', async () => {
    const { page, errors, context } = await openPage(browser);
    await register(page, newStudent('plans'));
    await page.waitForURL('**/dashboard');

    // Create a plan.
    await page.goto('/study-plan/create');
    await page.getByLabel(/^Name/).fill('Winter finals');
    await page.getByLabel('Description').fill('Everything before January');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL('**/study-plan/detail/*');
    await see(page, 'Subjects');

    // Add a subject and open it.
    await page.getByLabel('Subject name').fill('Calculus');
    await page.getByRole('button', { name: 'Add subject' }).click();
    await see(page, 'Subject "Calculus" added.');
    await expectAccessible(page, 'plan detail');
    await page
      .getByRole('link', { name: /View Topics/ })
      .first()
      .click();
    await page.waitForURL('**/Calculus');
    await see(page, 'No topics found for this subject.');

    // Give the subject its own exam day and a high priority; both are shown after a reload.
    await page.getByRole('button', { name: 'Change exam day and priority' }).click();
    // The plan has no deadline, so the subject starts with no exam.
    await page.getByLabel('No exam').uncheck();
    await page.getByLabel('Exam day', { exact: true }).fill('2031-06-12');
    await page.getByLabel('Priority', { exact: true }).selectOption({ label: 'High' });
    await page.getByRole('button', { name: 'Save' }).click();
    await see(page, 'Exam day and priority saved.');
    await page.reload();
    await see(page, 'Thursday, June 12, 2031');
    await see(page, 'High');

    // Add two topics; one with a formula in its notes and HTML in its name.
    await page.getByLabel('Topic name').fill('Derivatives');
    await page
      .getByLabel(/Notes or content/)
      .fill("The derivative of $f(x) = x^2$ is $f'(x) = 2x$. It measures the rate of change.");
    await page.getByRole('button', { name: 'Add topic' }).click();
    await see(page, 'Topic "Derivatives" added with its lesson.');
    await page.getByLabel('Topic name').fill('<b>Limits</b>');
    await page.getByRole('button', { name: 'Add topic' }).click();
    await see(page, 'Total topics: 2');
    expect(await page.locator('b', { hasText: 'Limits' }).count()).toBe(0);
    await expectAccessible(page, 'subject');

    // Tick a topic as completed; it stays ticked after a reload.
    const done = page.getByRole('checkbox', { name: /Derivatives/ });
    await done.click();
    await expect.poll(() => done.isChecked()).toBe(true);
    await page.reload();
    await expect
      .poll(() => page.getByRole('checkbox', { name: /Derivatives/ }).isChecked())
      .toBe(true);

    // The topic's deep dive.
    await page
      .getByRole('link', { name: /View Details/ })
      .first()
      .click();
    await see(page, 'rate of change');
    await page.getByRole('link', { name: 'Back to Topics' }).click();

    // The lesson renders its math with KaTeX; post a review.
    await page
      .getByRole('link', { name: /View Lesson/ })
      .first()
      .click();
    await page.waitForURL('**/lesson-detail/**');
    await page.locator('.katex').first().waitFor();
    expect(await page.locator('.katex').count()).toBeGreaterThan(0);
    await see(page, 'No reviews yet.');
    await page.getByLabel('Comment').fill('Clear and short.');
    await page.getByRole('button', { name: 'Submit review' }).click();
    await see(page, 'Review submitted!');
    await see(page, 'Clear and short.');
    await see(page, /By User #\d+/);
    await expectAccessible(page, 'lesson');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL('**/Calculus');

    expect(errors).toEqual([]);
    await context.close();
  });

  // The calendar half of the plan's journey, on a plan set up through the API (the screens that
  // build one are the journey above): each half has the whole test timeout to itself, where the
  // one journey came within 10 s of it when the other e2e worker held a core.
  it('schedules sessions on the calendar around busy time and an imported timetable, shares the calendar and deletes the plan', async () => {
    const student = newStudent('plancal');
    const api = new ApiClient();
    await api.signUp(student);
    const { plan } = await planWithTopic(api, {
      plan: 'Winter finals',
      subject: 'Calculus',
      topic: 'Derivatives',
    });
    const planPath = `/study-plan/detail/${plan.id}`;

    const { page, errors, context } = await openPage(browser);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.accept();
    });
    await login(page, student.email, student.password);
    await page.waitForURL('**/dashboard');

    // Schedule a session from the calendar's plus button on Wednesday (the keyboard's way).
    await page.getByRole('link', { name: 'Calendar' }).first().click();
    await see(page, 'Weekly Plan (Sun-Sat)');
    await expectAccessible(page, 'calendar');
    await page.getByRole('link', { name: 'Schedule new session on Wednesday' }).click();
    await page.waitForURL('**/scheduled-session?**');
    // The student's only plan is chosen already.
    /** The plan the session form has chosen, by its name. */
    const chosenPlan = () =>
      page.getByLabel(/^Study plan/).evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text);
    await expect.poll(chosenPlan).toBe('Winter finals');
    await page.getByLabel(/^Subject/).selectOption({ label: 'Calculus' });
    await page.getByLabel(/^Topic/).selectOption({ label: 'Derivatives' });
    await expect.poll(() => page.getByLabel(/^Title/).inputValue()).toBe('Derivatives');
    await page.getByLabel('Notes').fill('Chapter 3 exercises');
    await expectAccessible(page, 'session form');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL('**/calendar**');
    const column = (weekday: string) => page.getByRole('group', { name: new RegExp(weekday) });
    const wednesday = column('Wednesday');
    await wednesday.getByText('Derivatives').first().waitFor();
    expect(await wednesday.textContent()).toMatch(
      /17:00[\s\S]*18:00[\s\S]*Derivatives[\s\S]*Calculus/,
    );
    // Opening the session shows its notes, its topic and a way to move it.
    await wednesday.getByRole('button', { name: /^Derivatives, Calculus, 17:00/ }).click();
    await see(page, 'Chapter 3 exercises');
    await page.getByRole('dialog').getByRole('link', { name: 'Derivatives' }).waitFor();
    await expectAccessible(page, 'session dialog');
    await page.getByRole('button', { name: 'Close' }).click();
    const range = await page.locator('.calendar__range').textContent();

    // Move a week on and back.
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect.poll(() => page.locator('.calendar__range').textContent()).not.toBe(range);
    expect(await column('Wednesday').getByText('Derivatives').count()).toBe(0);
    await page.getByRole('button', { name: 'Previous week' }).click();
    await expect.poll(() => page.locator('.calendar__range').textContent()).toBe(range);
    await column('Wednesday').getByText('Derivatives').first().waitFor();

    // Next week, all of it still to come: quick add by clicking Thursday at 10:00.
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect.poll(() => page.locator('.calendar__range').textContent()).not.toBe(range);
    /** A point in a day column at a minute of the day (the column is the whole day tall). */
    const at = async (weekday: string, minute: number) => {
      const box = await column(weekday).boundingBox();
      if (!box) throw new Error(`no ${weekday} column`);
      return { x: 12, y: (minute / 1440) * box.height };
    };
    await column('Thursday').click({ position: await at('Thursday', 10 * 60 + 5) });
    await page.waitForURL('**/scheduled-session?**');
    expect(new URL(page.url()).searchParams.get('time')).toBe('10:00');
    await expect.poll(chosenPlan).toBe('Winter finals');
    expect(await page.getByLabel(/^Start/).inputValue()).toMatch(/T10:00$/);
    await page.getByLabel(/^Subject/).selectOption({ label: 'Calculus' });
    await page.getByLabel(/^Topic/).selectOption({ label: 'Derivatives' });
    await page.getByLabel(/^Title/).fill('Chain rule drill');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL('**/calendar**');
    // The title typed is the one on the card.
    const drill = column('Thursday').getByRole('button', {
      name: /^Chain rule drill, Calculus, 10:00/,
    });
    await drill.waitFor();

    // Busy time: a lab shift on Friday, 14:00 to 16:00, striped on the calendar.
    const friday = (await column('Friday').getAttribute('data-date')) as string;
    await page.getByRole('button', { name: 'Add busy time' }).click();
    const busyDialog = page.getByRole('dialog', { name: 'Add busy time' });
    await busyDialog.getByLabel('Kind').selectOption({ label: 'Lab' });
    await busyDialog.getByLabel(/^Title/).fill('Lab shift');
    await busyDialog.getByLabel(/^Day/).fill(friday);
    await busyDialog.getByLabel(/^From/).fill('14:00');
    await busyDialog.getByLabel(/^To/).fill('16:00');
    await expectAccessible(page, 'busy time dialog');
    await busyDialog.getByRole('button', { name: 'Save' }).click();
    await column('Friday').getByRole('button', { name: 'Busy: Lab shift, 14:00–16:00' }).waitFor();

    // A drag onto the busy time is refused with the reason, and the session stays where it was.
    await drill.dragTo(column('Friday'), {
      sourcePosition: { x: 6, y: 3 },
      targetPosition: await at('Friday', 14 * 60 + 35),
    });
    await see(page, 'The session was not moved: that time is busy.');
    await drill.waitFor();
    // A drag onto free time moves it, and the move is saved.
    await drill.dragTo(column('Friday'), {
      sourcePosition: { x: 6, y: 3 },
      targetPosition: await at('Friday', 9 * 60 + 5),
    });
    await see(page, /Moved “Chain rule drill”/);
    await page.reload();
    await column('Friday')
      .getByRole('button', { name: /^Chain rule drill, Calculus, 09:00/ })
      .waitFor();
    expect(await column('Thursday').getByText('Chain rule drill').count()).toBe(0);
    await expectAccessible(page, 'calendar with busy time');

    // A timetable imported from a calendar file: its Wednesday seminar shows read-only, with
    // the calendar's name, and is busy time for planning.
    const seminarDay = ((await column('Wednesday').getAttribute('data-date')) as string).replaceAll(
      '-',
      '',
    );
    const timetable = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//University//Timetable//EN',
      'BEGIN:VEVENT',
      'UID:ethics@uni.example',
      `DTSTART:${seminarDay}T120000Z`,
      `DTEND:${seminarDay}T133000Z`,
      'SUMMARY:Ethics seminar',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    await page.getByRole('button', { name: 'Import a timetable' }).click();
    const calendars = page.getByRole('dialog', { name: 'Imported timetables' });
    await calendars.getByLabel(/^Calendar file/).setInputFiles({
      name: 'timetable.ics',
      mimeType: 'text/calendar',
      buffer: Buffer.from(timetable),
    });
    await calendars.getByLabel(/^Name/).fill('Uni timetable');
    await calendars.getByRole('button', { name: 'Import', exact: true }).click();
    await see(page, 'Uni timetable is imported: 1 busy time.');
    await expectAccessible(page, 'imported timetables');
    await page.keyboard.press('Escape');
    await column('Wednesday').getByText('Ethics seminar').waitFor();
    await column('Wednesday').getByText('From Uni timetable').waitFor();

    // The month view shows busy time, typed and imported; on a phone every item is a mark
    // (no title cut to "16…"), its words kept for screen readers.
    const wide = page.viewportSize();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/calendar?view=month&date=${friday}`);
    const labShift = page.locator('.month-grid__busy', {
      hasText: 'Busy: Lab shift, 14:00–16:00',
    });
    await labShift.waitFor();
    await page.locator('.month-grid__busy', { hasText: 'Busy: Ethics seminar' }).waitFor();
    const drillMark = page.locator('.month-grid__session', { hasText: 'Chain rule drill' });
    for (const item of [labShift, drillMark]) {
      const label = await item.locator('.month-grid__label').boundingBox();
      expect(label?.width).toBeLessThanOrEqual(1);
    }
    expect((await drillMark.boundingBox())?.width).toBeLessThan(16);
    await expectAccessible(page, 'month view on a phone');
    if (wide) await page.setViewportSize(wide);

    // The calendar in other apps: a private address that a calendar app reads without a login.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/profile');
    // The calendar feed's own button (the profile also has "Turn on two-step sign-in").
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    const address = await page.getByLabel('Calendar address').inputValue();
    expect(address).toMatch(/\/api\/calendar\/[\w-]{43}\.ics$/);
    await page.getByRole('button', { name: 'Copy' }).click();
    await see(page, 'Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    await expectAccessible(page, 'profile with the calendar feed');
    const feed = await fetch(address);
    expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
    const ics = await feed.text();
    expect(ics).toContain('SUMMARY:Derivatives');
    expect(ics).toContain('SUMMARY:Chain rule drill');
    // The plan's sessions as a file, from the plan's page.
    await page.goto(planPath);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download .ics' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Winter finals.ics');

    // Delete the plan from the dashboard: confirmation, success alert, gone, and its session too.
    // The plan's own page shows its name and Delete buttons too (its subjects'): wait for the
    // dashboard, and click the Delete of the plan's card, or a slow run deletes a subject.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.waitForURL('**/dashboard');
    await page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Winter finals' }) })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await see(page, 'No study plans yet');
    // The list can empty before the success alert opens (the query refetches first), so wait for it.
    await expect
      .poll(() => dialogs)
      .toEqual([
        'Are you sure you want to delete this study plan?',
        'Study plan deleted successfully.',
      ]);
    await page.getByRole('link', { name: 'Calendar' }).first().click();
    await see(page, 'Weekly Plan (Sun-Sat)');
    expect(await page.getByText('Derivatives').count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('runs a class: a teacher publishes it, two students join, a moved exam reaches them, one re-plans, the teacher sees the counts', {
    timeout: 180_000,
  }, async () => {
    const teacher = newStudent('teacher');
    const ana = newStudent('classana');
    const ben = newStudent('classben');
    const apis = { teacher: new ApiClient(), ana: new ApiClient(), ben: new ApiClient() };
    await apis.teacher.signUp(teacher);
    await apis.ana.signUp(ana);
    await apis.ben.signUp(ben);
    // The role as an admin gives it on the server machine.
    expect(runAdmin(['teacher', teacher.email]).code).toBe(0);
    // Ana's plan from the smart scheduler: a week the class can be placed in.
    const anaPlan = await generatedPlan(
      apis.ana,
      [{ name: 'History', keyTopics: 'The French Revolution, Napoleon, the Congress of Vienna' }],
      { accept: true },
    );

    // 1. The teacher makes a class with two exams, its topics and a file. The days are fixed once:
    // a run that passed midnight UTC read "today + 17" a day later than when it set the exam.
    const midtermDay = dayFromToday(10);
    const movedMidtermDay = dayFromToday(17);
    const finalDay = dayFromToday(20);
    const t = await openPage(browser);
    t.page.on('dialog', (d) => void d.accept());
    await login(t.page, teacher.email, teacher.password);
    await t.page.waitForURL('**/dashboard');
    await t.page.getByRole('link', { name: 'Study Plans' }).first().click();
    await t.page.getByRole('link', { name: 'Classes', exact: true }).click();
    await t.page.getByRole('link', { name: 'New class' }).click();
    await t.page.getByLabel('Class name').fill('Physics 2B');
    await t.page.getByLabel(/^Subject name/).fill('Physics');
    const exam = (n: number) => t.page.getByRole('group', { name: `Exam ${n}` });
    await t.page.getByRole('button', { name: 'Add an exam' }).click();
    await exam(1).getByLabel('Name').fill('Midterm');
    await exam(1).getByLabel('Date').fill(midtermDay);
    await t.page.getByRole('button', { name: 'Add an exam' }).click();
    await exam(2).getByLabel('Name').fill('Final');
    await exam(2).getByLabel('Date').fill(finalDay);
    const topic = (n: number) => t.page.getByRole('group', { name: `Topic ${n}` });
    await topic(1).getByLabel('Name').fill('Kinematics');
    await topic(1).getByLabel('Examined in').selectOption({ label: 'Midterm' });
    await t.page.getByRole('button', { name: 'Add a topic' }).click();
    await topic(2).getByLabel('Name').fill('Energy');
    await t.page.getByRole('button', { name: 'Create class' }).click();
    await t.page.waitForURL(/\/classes\/\d+$/);
    const classPath = new URL(t.page.url()).pathname;
    const joinPanel = t.page.getByRole('region', { name: 'How students join' });
    await joinPanel.getByText(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/).waitFor();
    const code = (await joinPanel.getByText(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/).textContent()) ?? '';
    await t.page.getByLabel('Files to add').setInputFiles({
      name: 'kinematics.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from('# Kinematics\n\nVelocity is the rate of change of position.\n'),
    });
    await t.page.getByRole('button', { name: 'Upload' }).click();
    await see(t.page, 'kinematics.md');
    await expectAccessible(t.page, 'the teacher’s class');

    // 2. Ana joins with the code into her plan; Ben through the join link, into a new plan.
    const a = await openPage(browser);
    await login(a.page, ana.email, ana.password);
    await a.page.waitForURL('**/dashboard');
    await a.page.goto('/classes');
    await a.page.getByLabel('Class code').fill(code.toLowerCase());
    const planName = (
      await apis.ana.get<{ name: string }>(`/api/generic/GetStudyProgramById/${anaPlan}`)
    ).name;
    await a.page.getByLabel('Put the class into').selectOption({ label: planName });
    await a.page.getByRole('button', { name: 'Join the class' }).click();
    await see(a.page, `You joined the class. It is in your plan “${planName}”.`);
    await see(a.page, /sessions? placed/);
    const b = await openPage(browser, { width: 375 });
    await login(b.page, ben.email, ben.password);
    await b.page.waitForURL('**/dashboard');
    await b.page.goto(`/classes/join?code=${code.replace('-', '')}`);
    await b.page.getByRole('button', { name: 'Join the class' }).click();
    await see(b.page, 'You joined the class. It is in your plan “Physics 2B”.');
    // Ben never used the smart scheduler: the class page asks for his week, then places it.
    const week = b.page.getByRole('region', { name: 'Your study week' });
    await week.getByRole('button', { name: 'Place my sessions' }).waitFor();
    await expectAccessible(b.page, 'a class waiting for the student’s week on a phone');
    const weekOverflow = await b.page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(weekOverflow, 'the week form at 375 px').toBeLessThanOrEqual(0);
    await week.getByRole('button', { name: 'Place my sessions' }).click();
    await see(b.page, /\d+ sessions? placed\./);

    // 3. The teacher moves the midterm a week later.
    await t.page.reload();
    await exam(1).getByLabel('Date').fill(movedMidtermDay);
    await t.page.getByRole('button', { name: 'Save changes' }).click();
    await see(t.page, 'Saved. Members were told about the changes.');

    // 4. Both see it offered, and nothing of theirs moved; Ana takes it.
    const subjectsOf = async (api: ApiClient, planId: number) =>
      (
        await api.get<{ subjectDetails: { subjectName: string; examDate: string | null }[] }>(
          `/api/generic/GetStudyProgramById/${planId}`,
        )
      ).subjectDetails;
    const midterm = async () =>
      (await subjectsOf(apis.ana, anaPlan)).find((x) => x.subjectName === 'Physics · Midterm')
        ?.examDate;
    expect(await midterm()).toBe(midtermDay);
    await b.page.goto(classPath);
    await see(b.page, 'Your teacher changed this class');
    await b.page.getByRole('button', { name: 'Update my plan' }).waitFor();
    await b.page
      .locator('main')
      .getByText(/Midterm/)
      .first()
      .waitFor();
    await expectAccessible(b.page, 'a member’s class on a phone');
    const overflow = await b.page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, 'the member’s class at 375 px').toBeLessThanOrEqual(0);
    await a.page.goto(classPath);
    await see(a.page, 'Your teacher changed this class');
    await a.page.getByRole('button', { name: 'Update my plan' }).click();
    await see(a.page, /sessions? placed\./);
    expect(await midterm()).toBe(movedMidtermDay);

    // 5. The teacher sees the counts (CLASS_MIN_GROUP is 2 on the test server), no names.
    await t.page.reload();
    const standing = t.page.getByRole('region', { name: 'How the class stands' });
    await standing
      .getByText(/on track · \d+ at risk · \d+ behind/)
      .first()
      .waitFor();
    await expect(standing.textContent()).resolves.toContain('2 students');
    await expect(standing.textContent()).resolves.not.toContain(ana.lastName);
    // The teacher's screen on a phone: nothing sticks out, and axe finds nothing serious.
    await t.page.setViewportSize({ width: 375, height: 900 });
    await t.page.waitForTimeout(200);
    const wide = await t.page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(wide, 'the teacher’s class at 375 px').toBeLessThanOrEqual(0);
    await expectAccessible(t.page, 'the teacher’s class on a phone');
    for (const p of [t, a, b]) expect(p.errors).toEqual([]);
    for (const p of [t, a, b]) await p.context.close();
  });
});
