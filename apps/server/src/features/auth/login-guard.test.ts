import { describe, expect, it } from 'vitest';
import { createAuthThrottles, createDeviceCookies, createLoginGuard } from './login-guard.js';

const SECRET = 's'.repeat(48);

describe('createDeviceCookies', () => {
  const devices = createDeviceCookies(SECRET);
  const ana = devices.accountTag('ana@example.com');

  it('names one account per e-mail whatever its case, without showing the e-mail', () => {
    expect(devices.accountTag(' ANA@Example.com ')).toBe(ana);
    expect(devices.accountTag('bo@example.com')).not.toBe(ana);
    expect(ana).not.toMatch(/ana|example/i);
    expect(createDeviceCookies('t'.repeat(48)).accountTag('ana@example.com')).not.toBe(ana);
  });

  it('accepts its own cookie for the account it names, and nothing else', () => {
    const cookie = devices.issue(ana);
    const nonce = devices.deviceFor(cookie, ana);
    expect(nonce).toMatch(/^[\w-]{22}$/);
    expect(devices.issue(ana)).not.toBe(cookie);
    const [tag, n, mac] = cookie.split('.') as [string, string, string];
    const bo = devices.accountTag('bo@example.com');
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    for (const [bad, account] of [
      [cookie, bo],
      [`${bo}.${n}.${mac}`, bo],
      [`${tag}.${n}x.${mac}`, ana],
      [`${tag}.${n}.${flipped}`, ana],
      [`${tag}.${n}.${mac}.extra`, ana],
      [`${tag}.${n}`, ana],
      ['', ana],
      [createDeviceCookies('t'.repeat(48)).issue(ana), ana],
    ] as const) {
      expect(devices.deviceFor(bad, account), bad).toBeUndefined();
    }
    expect(devices.deviceFor(undefined, ana)).toBeUndefined();
  });
});

describe('createLoginGuard', () => {
  const setup = () => {
    const throttles = createAuthThrottles({
      perAddressPerMinute: 100,
      lockoutMax: 2,
      lockoutMinutes: 15,
    });
    const devices = createDeviceCookies(SECRET);
    return { devices, guard: createLoginGuard({ throttles, devices }) };
  };

  it('locks an account for unknown browsers after its failures, but not its own browser', async () => {
    const { guard, devices } = setup();
    const ownBrowser = devices.issue(devices.accountTag('ana@example.com'));
    for (let i = 0; i < 2; i++) {
      const a = await guard.admit('ana@example.com', undefined);
      if (!a.allowed) throw new Error('refused too early');
      expect(a.trustedDevice).toBe(false);
      await a.failed();
    }
    const locked = await guard.admit('ANA@example.com', undefined);
    expect(locked).toMatchObject({ allowed: false, lockedBy: 'account' });
    const own = await guard.admit('ana@example.com', ownBrowser);
    expect(own).toMatchObject({ allowed: true, trustedDevice: true });
    // Other accounts are untouched.
    expect((await guard.admit('bo@example.com', undefined)).allowed).toBe(true);
  });

  it('gives the reserved point back on success and when the attempt was no guess', async () => {
    const { guard } = setup();
    for (let i = 0; i < 5; i++) {
      const a = await guard.admit('ana@example.com', undefined);
      if (!a.allowed) throw new Error(`refused at ${i}`);
      if (i % 2 === 0) expect(await a.succeeded()).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      else await a.aborted();
    }
  });

  it('counts a device’s failures against that device only, then refuses it', async () => {
    const { guard, devices } = setup();
    const cookie = devices.issue(devices.accountTag('ana@example.com'));
    for (let i = 0; i < 2; i++) {
      const a = await guard.admit('ana@example.com', cookie);
      if (!a.allowed) throw new Error('refused too early');
      await a.failed();
    }
    expect(await guard.admit('ana@example.com', cookie)).toMatchObject({
      allowed: false,
      lockedBy: 'device',
    });
    expect((await guard.admit('ana@example.com', undefined)).allowed).toBe(true);
  });
});
