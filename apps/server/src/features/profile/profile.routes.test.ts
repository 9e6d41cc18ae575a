import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestApp,
  dbKinds,
  sampleUser,
  type TestApp,
  TestClient,
} from '../../testing/harness.js';

describe.each(dbKinds)('profile routes on %s', (kind) => {
  let t: TestApp;
  let client: TestClient;
  const form = {
    firstName: 'Ana',
    lastName: 'Lee',
    email: sampleUser.email,
    password: '',
    newPassword: '',
    confirmNewPassword: '',
    notifyOnLesson: false,
  };
  const hashOf = async () =>
    (await t.db.db.selectFrom('users').select('passwordHash').executeTakeFirstOrThrow())
      .passwordHash;

  beforeEach(async () => {
    t = await createTestApp(kind);
    client = new TestClient(t.app);
    await client.registerAndLogin();
  });
  afterEach(async () => t.close());

  it('needs a login', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get('/user/profile')).statusCode).toBe(401);
    expect((await anonymous.post('/user/profile/update', form)).statusCode).toBe(401);
  });

  it('saves names and the lesson reminder choice', async () => {
    const r = await client.post('/user/profile/update', {
      ...form,
      firstName: ' Anna ',
      notifyOnLesson: true,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ firstName: 'Anna', notifyOnLesson: true });
    expect((await client.get('/user/profile')).json()).toMatchObject({
      firstName: 'Anna',
      notifyOnLesson: true,
    });
  });

  it('takes the profile it answered back whole, ignoring its read-only fields', async () => {
    const read = (await client.get('/user/profile')).json();
    expect(read).toMatchObject({ username: sampleUser.username, isAdmin: false });
    const r = await client.post('/user/profile/update', {
      ...read,
      firstName: 'Anna',
      username: 'someone-else',
      isAdmin: true,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      firstName: 'Anna',
      username: sampleUser.username,
      isAdmin: false,
    });
    // Other unknown fields are still refused.
    const extra = await client.post('/user/profile/update', { ...read, role: 'Admin' });
    expect(extra.statusCode).toBe(400);
  });

  it('saves the first day of the week and refuses a day that is not Sunday or Monday', async () => {
    expect((await client.get('/user/profile')).json().weekStartsOn).toBe('sunday');
    const r = await client.post('/user/profile/update', { ...form, weekStartsOn: 'monday' });
    expect(r.statusCode).toBe(200);
    expect(r.json().weekStartsOn).toBe('monday');
    expect((await client.get('/user/profile')).json().weekStartsOn).toBe('monday');
    const bad = await client.post('/user/profile/update', { ...form, weekStartsOn: 'friday' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toContainEqual(expect.objectContaining({ path: 'weekStartsOn' }));
    expect((await client.get('/user/profile')).json().weekStartsOn).toBe('monday');
  });

  it('stores HTML in a name as plain text', async () => {
    const name = '<img src=x onerror=alert(1)>';
    const r = await client.post('/user/profile/update', { ...form, lastName: name });
    expect(r.statusCode).toBe(200);
    expect((await client.get('/user/profile')).json().lastName).toBe(name);
  });

  it('refuses a password change with a wrong current password and keeps the old hash', async () => {
    const before = await hashOf();
    const r = await client.post('/user/profile/update', {
      ...form,
      password: 'wrong password',
      newPassword: 'brand new secret',
      confirmNewPassword: 'brand new secret',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: 'wrong_password', details: [{ path: 'password' }] });
    expect(await hashOf()).toBe(before);
  });

  it('refuses a new password under 8 characters or one that does not match', async () => {
    const before = await hashOf();
    const short = await client.post('/user/profile/update', {
      ...form,
      password: sampleUser.password,
      newPassword: 'short',
      confirmNewPassword: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().details).toContainEqual(expect.objectContaining({ path: 'newPassword' }));
    const mismatch = await client.post('/user/profile/update', {
      ...form,
      password: sampleUser.password,
      newPassword: 'long enough 1',
      confirmNewPassword: 'long enough 2',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().details).toContainEqual(
      expect.objectContaining({ path: 'confirmNewPassword' }),
    );
    expect(await hashOf()).toBe(before);
  });

  it('refuses a common new password or one equal to the e-mail or username', async () => {
    const before = await hashOf();
    for (const [newPassword, code, email] of [
      ['Football1', 'password_too_common', sampleUser.email],
      ['ANA@example.com', 'password_like_identity', sampleUser.email],
      // A new e-mail counts as much as the old one.
      ['Anastasia.new', 'password_like_identity', 'anastasia.new@example.com'],
    ] as const) {
      const r = await client.post('/user/profile/update', {
        ...form,
        email,
        password: sampleUser.password,
        newPassword,
        confirmNewPassword: newPassword,
      });
      expect(r.statusCode, newPassword).toBe(400);
      expect(r.json(), newPassword).toMatchObject({ code, details: [{ path: 'newPassword' }] });
    }
    expect(await hashOf()).toBe(before);
    expect((await client.get('/user/profile')).json().email).toBe(sampleUser.email);
  });

  it('changes the password, ends the other sessions at once and keeps this one', async () => {
    const other = new TestClient(t.app);
    const login = await other.post('/api/authentication/login', {
      email: sampleUser.email,
      password: sampleUser.password,
    });
    other.accessToken = login.json().accessToken;
    expect((await other.get('/user/profile')).statusCode).toBe(200);

    const r = await client.post('/user/profile/update', {
      ...form,
      password: sampleUser.password,
      newPassword: 'brand new secret',
      confirmNewPassword: 'brand new secret',
    });
    expect(r.statusCode).toBe(200);
    expect((await other.get('/user/profile')).statusCode).toBe(401);
    expect((await other.post('/api/auth/refresh')).statusCode).toBe(401);
    expect((await client.get('/user/profile')).statusCode).toBe(200);

    const fresh = new TestClient(t.app);
    const oldPw = await fresh.post('/api/authentication/login', {
      email: sampleUser.email,
      password: sampleUser.password,
    });
    expect(oldPw.statusCode).toBe(401);
    const newPw = await fresh.post('/api/authentication/login', {
      email: sampleUser.email,
      password: 'brand new secret',
    });
    expect(newPw.statusCode).toBe(200);
  });

  it('needs the current password to change the e-mail, and refuses one already taken', async () => {
    const other = new TestClient(t.app);
    await other.registerAndLogin({ username: 'bo', email: 'bo@example.com' });
    const noPw = await client.post('/user/profile/update', { ...form, email: 'new@example.com' });
    expect(noPw.statusCode).toBe(400);
    const taken = await client.post('/user/profile/update', {
      ...form,
      email: 'BO@example.com',
      password: sampleUser.password,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('email_taken');
    const ok = await client.post('/user/profile/update', {
      ...form,
      email: 'new@example.com',
      password: sampleUser.password,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe('new@example.com');
    // The other student's profile is untouched.
    expect((await other.get('/user/profile')).json().email).toBe('bo@example.com');
  });

  it('rejects an invalid e-mail and missing names', async () => {
    const r = await client.post('/user/profile/update', { ...form, firstName: '', email: 'nope' });
    expect(r.statusCode).toBe(400);
    const paths = r.json().details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['firstName', 'email']));
  });
});
