import { createECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateVapidKeys } from './secrets.js';

describe('loadOrCreateVapidKeys', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'vapid-'));
    dirs.push(dir);
    return dir;
  };

  it('generates a pair once into DATA_DIR/secrets, private to the server, and reads it back', () => {
    const dir = dataDir();
    const made = loadOrCreateVapidKeys(dir);
    // A P-256 pair: the public key is the private key's, uncompressed.
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(made.privateKey, 'base64url'));
    expect(ecdh.getPublicKey('base64url')).toBe(made.publicKey);
    expect(Buffer.from(made.publicKey, 'base64url')).toHaveLength(65);

    const file = join(dir, 'secrets', 'vapid.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'secrets')).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(made);
    // The next start, or another instance on the same DATA_DIR: the same pair.
    expect(loadOrCreateVapidKeys(dir)).toEqual(made);
  });

  it('takes the environment’s pair over the file, and makes a file that is no pair again', () => {
    const dir = dataDir();
    const stored = loadOrCreateVapidKeys(dir);
    const env = { publicKey: 'B'.repeat(87), privateKey: 'A'.repeat(43) };
    expect(loadOrCreateVapidKeys(dir, env)).toBe(env);
    expect(loadOrCreateVapidKeys(dir)).toEqual(stored);

    writeFileSync(join(dir, 'secrets', 'vapid.json'), '{"publicKey":"short"}\n');
    const again = loadOrCreateVapidKeys(dir);
    expect(again.publicKey).not.toBe(stored.publicKey);
    expect(loadOrCreateVapidKeys(dir)).toEqual(again);
  });
});
