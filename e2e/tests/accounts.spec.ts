import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type IdentityProvider,
  SCHOOL_CLIENT,
  startIdentityProvider,
} from '../../apps/server/src/testing/identity-provider.js';
import { runAdmin } from '../support/admin.js';
import { ApiClient } from '../support/api.js';
import {
  expectAccessible,
  launchBrowser,
  logOut,
  newStudent,
  openPage,
} from '../support/browser.js';
import { login, register, see } from '../support/journeys.js';
import { freePort, startServer } from '../support/server.js';

/** Nothing sticks out sideways at the phone's width the page was opened at. */
async function expectNoOverflow(page: Page, label: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `horizontal overflow on ${label}`).toBeLessThanOrEqual(0);
}

describe('accounts journey', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  // The longest journey (two devices, a password change, a reminder, the admin, a data export
  // and the account's deletion): 50 s alone on a slow 2-core machine, past 60 s in a full run.
  it('registers, lands on the dashboard, edits the profile, changes the password, logs out and in', {
    timeout: 120_000,
  }, async () => {
    const { page, errors, context } = await openPage(browser);
    const s = newStudent('journey');

    await page.goto('/register');
    await expectAccessible(page, 'register');
    await register(page, s);
    await page.waitForURL('**/dashboard');
    await see(page, 'Your study plans');
    await see(page, 'No study plans yet');
    await expectAccessible(page, 'dashboard');

    // A reload restores the session from the refresh cookie; no token sits in web storage.
    await page.reload();
    await see(page, 'Your study plans');
    const stored = await page.evaluate(() =>
      JSON.stringify({ ...localStorage, ...sessionStorage }),
    );
    expect(stored).not.toMatch(/eyJ[A-Za-z0-9_-]+\./);

    // Edit the profile.
    await page.getByRole('link', { name: 'Profile' }).first().click();
    await page.waitForURL('**/profile');
    await see(page, 'My profile');
    await expect
      .poll(() => page.getByRole('textbox', { name: /^Email/ }).inputValue())
      .toBe(s.email);
    await expectAccessible(page, 'profile');
    await page.getByLabel('First name').fill('Marianna');
    await page.getByLabel('Remind me before every study session').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await see(page, /saved/i);
    await page.reload();
    await expect.poll(() => page.getByLabel('First name').inputValue()).toBe('Marianna');
    expect(await page.getByLabel('Remind me before every study session').isChecked()).toBe(true);

    // A second device logs in; the profile lists both, then logs out everywhere else.
    const laptop = await openPage(browser);
    await login(laptop.page, s.email, s.password);
    await laptop.page.waitForURL('**/dashboard');
    await page.reload();
    await see(page, 'Where you are logged in');
    const sessions = page.locator('.session-list__item');
    await expect.poll(() => sessions.count()).toBe(2);
    await sessions.first().getByText('This device', { exact: true }).waitFor();
    await see(page, /Chrome on Linux/);
    await expectAccessible(page, 'profile with its sessions');
    await page.getByRole('button', { name: 'Log out everywhere else' }).click();
    await see(page, 'You are now logged out on every other device.');
    await expect.poll(() => sessions.count()).toBe(1);
    // The other device's session is over: reloading it lands on the login page.
    await laptop.page.goto('/dashboard');
    await laptop.page.waitForURL('**/login');
    expect(laptop.errors).toEqual([]);
    await laptop.context.close();

    // Change the password: the toggle reveals the fields and hiding clears them.
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByLabel('Current password').fill('typed then hidden');
    await page.getByRole('button', { name: 'Hide password fields' }).click();
    await page.getByRole('button', { name: 'Change password' }).click();
    expect(await page.getByLabel('Current password').inputValue()).toBe('');
    await page.getByLabel('Current password').fill(s.password);
    // One of the commonest breached passwords is refused on its field.
    await page.getByLabel(/^New password/).fill('password123');
    await page.getByLabel('Confirm new password').fill('password123');
    await page.getByRole('button', { name: 'Save' }).click();
    await see(page, /one of the most common ones/);
    await page.getByLabel(/^New password/).fill('an even better password');
    await page.getByLabel('Confirm new password').fill('an even better password');
    await page.getByRole('button', { name: 'Save' }).click();
    await see(page, /saved/i);

    // Log out: back to /login, and the protected pages are closed again.
    await logOut(page);
    await page.goto('/dashboard');
    await page.waitForURL('**/login');

    // The old password no longer works; the new one does.
    await login(page, s.email, s.password);
    await see(page, /invalid email or password/i);
    await login(page, s.email, 'an even better password');
    await page.waitForURL('**/dashboard');
    await see(page, 'Your study plans');

    // A reminder: with the switch on (30 minutes ahead), a session starting in 20 minutes
    // rings the bell; opening it leads to the lesson and marks it read.
    const api = new ApiClient();
    await api.logIn(s.email, 'an even better password');
    const plan = await api.post<{ id: number }>('/api/generic/CreateStudyProgram', {
      name: 'Finals',
    });
    const subject = await api.post<{ id: number }>('/subjects', {
      studyPlanId: plan.id,
      name: 'Chemistry',
    });
    const topic = await api.post<{ id: number }>('/topics', {
      subjectId: subject.id,
      name: 'Acids',
      deepDiveContent: '<p>An acid is a proton donor.</p>',
    });
    const start = new Date(Date.now() + 20 * 60_000);
    await api.post('/api/generic/CreateStudySession', {
      studyPlan: plan.id,
      subject: subject.id,
      topic: topic.id,
      title: 'Acids',
      startDateTime: start.toISOString(),
      endDateTime: new Date(start.getTime() + 3_600_000).toISOString(),
    });
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await expect
      .poll(
        async () => {
          await page.reload();
          await see(page, 'Your study plans');
          return bell.count();
        },
        { timeout: 30_000, interval: 2_000 },
      )
      .toBe(1);
    await bell.click();
    const reminder = page.getByRole('link', { name: /Study session soon: Chemistry — Acids/ });
    await reminder.waitFor();
    await expectAccessible(page, 'the bell, open');
    await reminder.click();
    await page.waitForURL(`**/topic/${topic.id}/detail`);
    await see(page, 'proton donor');
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

    // The admin screen: unknown to a student; the role is given on the server machine.
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/');
    const granted = runAdmin(['grant', s.email]);
    expect(granted.code, granted.err).toBe(0);
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Admin' }).first().click();
    await page.waitForURL('**/admin');
    await see(page, 'Reminders sent today');
    await see(page, 'Delete a student’s account');
    // A way back in for a student who cannot get the e-mail: a link shown here, once.
    const wayBack = page.getByRole('region', { name: 'A way back in for a student' });
    await wayBack.getByLabel(/^Student’s e-mail address/).fill(s.email);
    await wayBack.getByRole('button', { name: 'Make a link' }).click();
    await see(page, `A link for ${s.email}, valid until`);
    expect(await wayBack.locator('code').textContent()).toMatch(
      /\/reset-password\?token=[\w-]{43}$/,
    );
    await see(page, 'Made a password-reset link');
    await expectAccessible(page, 'admin');
    expect(runAdmin(['grant', 'nobody@example.com']).code).toBe(1);

    // Their data: a copy to take away, then the account deleted with everything in it.
    await page.goto('/profile');
    const [exported] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(exported.suggestedFilename()).toMatch(/^studybuddy-export-\d{4}-\d{2}-\d{2}\.json$/);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel(/^Your password/).fill('an even better password');
    await expectAccessible(page, 'delete account dialog');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL('**/login**');
    await see(page, 'Your account and all its data are deleted.');
    await login(page, s.email, 'an even better password');
    await see(page, /invalid email or password/i);

    // The refused requests: the common password's 400 shown on its field above, and the 401s
    // of the deleted account's session and its login.
    expect(errors.filter((e) => !/status of (400|401)/.test(e))).toEqual([]);
    expect(errors.filter((e) => /status of 400/.test(e))).toHaveLength(1);
    await context.close();
  });

  it('gets a student who forgot their password back in with a link the admin makes', async () => {
    const s = newStudent('forgot');
    await new ApiClient().signUp(s);
    const { page, errors, context } = await openPage(browser);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/forgot-password');
    // This server sends no e-mail (no SMTP_URL): the page sends the student to the admin.
    await see(page, 'This StudyBuddy does not send e-mail.');
    await expectAccessible(page, 'forgot password without e-mail');

    const made = runAdmin(['reset-link', s.email]);
    expect(made.code, made.err).toBe(0);
    const link = new URL(/https?:\/\/\S+\/reset-password\?token=\S+/.exec(made.out)?.[0] ?? '');
    // The link names PUBLIC_URL; the test's server listens on an address of its own.
    const linkPath = `${link.pathname}${link.search}`;
    await page.goto(linkPath);
    await see(page, 'Choose a new password');
    // The token leaves the address bar at once.
    await page.waitForURL((url) => url.pathname === '/reset-password' && url.search === '');
    const fresh = 'a brand new passphrase';
    await page.getByLabel(/^New password/).fill(fresh);
    await page.getByLabel(/^Confirm the new password/).fill(fresh);
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.waitForURL('**/login?notice=passwordReset');
    await see(page, 'Your new password is set. Log in with it.');
    await login(page, s.email, fresh);
    await page.waitForURL('**/dashboard');

    expect(errors).toEqual([]);
    await context.close();

    // The link works once: opened again, in another browser, it says so and offers a new one.
    const again = await openPage(browser);
    await again.page.goto(linkPath);
    await again.page.getByLabel(/^New password/).fill(`${fresh} again`);
    await again.page.getByLabel(/^Confirm the new password/).fill(`${fresh} again`);
    await again.page.getByRole('button', { name: 'Set the new password' }).click();
    await see(again.page, 'has been used, has expired or is not valid');
    await expectAccessible(again.page, 'a used reset link');
    await again.page.getByRole('link', { name: 'Ask for a new link' }).click();
    await again.page.waitForURL('**/forgot-password');
    // The used link's refusal (a 400) is the only console error.
    expect(again.errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await again.context.close();
  });

  it('turns on two-step sign-in, logs in with a code, then with a recovery code', async () => {
    const s = newStudent('twostep');
    await new ApiClient().signUp(s);
    const { page, errors, context } = await openPage(browser);
    await login(page, s.email, s.password);
    await page.waitForURL('**/dashboard');
    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Two-step sign-in' });
    await card.getByLabel(/^Your password/).fill(s.password);
    await card.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await card.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    await expectAccessible(page, 'two-step sign-in setup');
    // The key the screen shows is what the authenticator app would hold.
    const totp = new TOTP({
      secret: Secret.fromBase32((await card.locator('code').textContent()) ?? ''),
    });
    await card.getByLabel(/^Code from the app/).fill(totp.generate());
    await card.getByRole('button', { name: 'Confirm and turn on' }).click();
    const codes = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    const recovery = ((await codes.first().textContent()) ?? '').trim();
    await expectAccessible(page, 'recovery codes');
    await card.getByRole('button', { name: 'I have saved them' }).click();
    await see(page, 'Two-step sign-in is on. You have 10 unused recovery codes.');
    await context.close();

    // A new browser: the password, then the code the app shows for the next step.
    const phone = await openPage(browser);
    await login(phone.page, s.email, s.password);
    await see(phone.page, 'Enter the 6-digit code your authenticator app shows now.');
    await expectAccessible(phone.page, 'login code');
    await phone.page.getByLabel(/^Code/).fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await phone.page.getByRole('button', { name: 'Continue' }).click();
    await phone.page.waitForURL('**/dashboard');
    await phone.context.close();

    // A lost phone: a recovery code in its place.
    const lost = await openPage(browser);
    await login(lost.page, s.email, s.password);
    await lost.page.getByLabel(/^Code/).fill(recovery);
    await lost.page.getByRole('button', { name: 'Continue' }).click();
    await lost.page.waitForURL('**/dashboard');
    expect([...errors, ...phone.errors, ...lost.errors]).toEqual([]);
    await lost.context.close();
  });

  it("signs in with the school's account (OpenID Connect): the school down, a first sign-in, a link to an existing account", {
    timeout: 90_000,
  }, async () => {
    // A server of its own, set up for a school whose sign-in service is down at first.
    const [port, schoolPort] = [await freePort(), await freePort()];
    const base = `http://127.0.0.1:${port}`;
    const callback = `${base}/api/auth/oidc/callback`;
    const server = await startServer({
      port,
      env: {
        PUBLIC_URL: base,
        OIDC_ISSUER: `http://127.0.0.1:${schoolPort}`,
        OIDC_CLIENT_ID: SCHOOL_CLIENT.id,
        OIDC_CLIENT_SECRET: SCHOOL_CLIENT.secret,
        OIDC_BUTTON_LABEL: 'Sign in with Hillside',
      },
    });
    let school: IdentityProvider | undefined;
    try {
      const { page, errors, context } = await openPage(browser, { baseURL: base, width: 375 });
      await page.goto('/login');
      await page.getByRole('link', { name: 'Sign in with Hillside' }).click();
      await see(page, "Your school's sign-in is not answering right now.");
      await expectAccessible(page, 'login, the school down');
      await expectNoOverflow(page, 'login, the school down');

      // The school is back: a first sign-in makes the account, with no password of ours.
      school = await startIdentityProvider(callback, { port: schoolPort });
      school.signInAs({
        sub: 'hillside-0042',
        email: 'lena.berg@hillside.example',
        email_verified: true,
        given_name: 'Lena',
        family_name: 'Berg',
      });
      await page.getByRole('link', { name: 'Sign in with Hillside' }).click();
      await page.waitForURL(`${base}/dashboard`);
      await see(page, 'Your study plans');
      // The session survives a reload, as a password login's does.
      await page.reload();
      await see(page, 'Your study plans');
      await page.goto('/profile');
      await expect
        .poll(() => page.getByRole('textbox', { name: /^Email/ }).inputValue())
        .toBe('lena.berg@hillside.example');
      await logOut(page);
      expect(errors).toEqual([]);
      await context.close();

      // Another student, in their own browser (the school remembers who signed in in each): an
      // account made with a password, then the school account with its e-mail, linked once the
      // password is typed, signed in directly from then on.
      const s = newStudent('school');
      await new ApiClient(base).signUp(s);
      school.signInAs({ sub: 'hillside-0043', email: s.email, email_verified: true });
      const other = await openPage(browser, { baseURL: base, width: 375 });
      const { page: page2 } = other;
      await page2.goto('/login');
      await page2.getByRole('link', { name: 'Sign in with Hillside' }).click();
      await page2.waitForURL('**/login?linkSchoolAccount=1');
      await see(page2, `has the e-mail of the StudyBuddy account ${s.email}`);
      await expectAccessible(page2, 'link the school account');
      await expectNoOverflow(page2, 'link the school account');
      await page2.getByLabel(/^Password of your StudyBuddy account/).fill(s.password);
      await page2.getByRole('button', { name: 'Link and sign in' }).click();
      await page2.waitForURL('**/dashboard');
      // At a phone's width the profile's own Logout button is the one in view.
      await page2.goto('/profile');
      await logOut(page2);
      await page2.getByRole('link', { name: 'Sign in with Hillside' }).click();
      await page2.waitForURL(`${base}/dashboard`);
      await see(page2, 'Your study plans');
      expect(other.errors).toEqual([]);
      await other.context.close();
    } finally {
      await school?.close();
      await server.stop();
    }
  });

  it('switches the language to Greek and keeps it after a reload', async () => {
    const { page, errors, context } = await openPage(browser);
    const s = newStudent('greek');
    await register(page, s);
    await page.waitForURL('**/dashboard');
    await page.goto('/profile');
    await see(page, 'My profile');
    await page.getByLabel('Language').selectOption('el');
    await see(page, 'Το προφίλ μου');
    expect(await page.evaluate(() => localStorage.getItem('selectedLanguage'))).toBe('el');
    expect(await page.getAttribute('html', 'lang')).toBe('el');
    await page.goto('/dashboard');
    await see(page, 'Τα πλάνα μελέτης σου');
    await expectAccessible(page, 'dashboard in Greek');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('guards the routes: protected pages to /login, guest pages to /dashboard, unknown paths home', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto('/profile');
    await page.waitForURL('**/login');
    await expectAccessible(page, 'login');
    await page.goto('/no/such/page');
    await page.waitForURL((url) => url.pathname === '/');
    const s = newStudent('guard');
    await register(page, s);
    await page.waitForURL('**/dashboard');
    await page.goto('/login');
    await page.waitForURL('**/dashboard');
    await page.goto('/register');
    await page.waitForURL('**/dashboard');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the register form rules and the terms, and refuses a duplicate e-mail', async () => {
    const { page, context } = await openPage(browser);
    const s = newStudent('dup');
    await register(page, s);
    await page.waitForURL('**/dashboard');
    await logOut(page);

    await page.goto('/register');
    const submit = page.getByRole('button', { name: 'Create account' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel(/^Password/).fill('short');
    await page.getByLabel('Confirm password').fill('different');
    await page.getByLabel('Confirm password').blur();
    await see(page, 'Password must be at least 8 characters.');
    await see(page, 'Passwords do not match.');

    await page
      .getByRole('button', { name: /Terms of Service/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect.poll(async () => (await dialog.textContent())?.length ?? 0).toBeGreaterThan(200);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await register(page, { ...s, username: `${s.username}x` });
    await see(page, 'An account with this email already exists.');
    await context.close();
  });

  it('shows the beta notice until it is accepted', async () => {
    const { page, context } = await openPage(browser, { betaAccepted: false });
    await page.goto('/');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expectAccessible(page, 'beta notice');
    await dialog.getByRole('button').first().click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => localStorage.getItem('betaAccepted'))).toBe('true');
    await page.reload();
    await page.waitForTimeout(500);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });
});
