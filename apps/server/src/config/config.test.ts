import { createECDH } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  envSchema,
  isLoopbackHost,
  loadConfig,
  maskUrl,
  plainHttpCookieWarning,
  SECRET_VARIABLES,
} from './config.js';

describe('loadConfig session idle limit', () => {
  it('defaults to 14 days, in minutes', () => {
    expect(loadConfig({}).sessionIdleMinutes).toBe(14 * 1440);
  });

  it('still reads SESSION_IDLE_DAYS when SESSION_IDLE_MINUTES is absent', () => {
    expect(loadConfig({ SESSION_IDLE_DAYS: '2' }).sessionIdleMinutes).toBe(2880);
  });

  it('prefers SESSION_IDLE_MINUTES over SESSION_IDLE_DAYS', () => {
    expect(
      loadConfig({ SESSION_IDLE_DAYS: '2', SESSION_IDLE_MINUTES: '45' }).sessionIdleMinutes,
    ).toBe(45);
  });

  it('refuses an idle limit no longer than the access token, or not a whole number', () => {
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: '15' })).toThrow(/SESSION_IDLE_MINUTES/);
    expect(() =>
      loadConfig({ SESSION_IDLE_MINUTES: '5', ACCESS_TOKEN_TTL_SECONDS: '240' }),
    ).not.toThrow();
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: '1.5' })).toThrow(/SESSION_IDLE_MINUTES/);
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: '0' })).toThrow(/SESSION_IDLE_MINUTES/);
  });
});

describe('loadConfig database connect timeout', () => {
  it('retries for 30 s unless DATABASE_CONNECT_TIMEOUT_SECONDS says otherwise (0: one try)', () => {
    expect(loadConfig({}).databaseConnectTimeoutMs).toBe(30_000);
    expect(loadConfig({ DATABASE_CONNECT_TIMEOUT_SECONDS: '0' }).databaseConnectTimeoutMs).toBe(0);
    expect(() => loadConfig({ DATABASE_CONNECT_TIMEOUT_SECONDS: '601' })).toThrow(
      /DATABASE_CONNECT_TIMEOUT_SECONDS/,
    );
  });
});

describe('isLoopbackHost', () => {
  it('knows localhost, 127.x and ::1 in their usual spellings', () => {
    for (const host of ['localhost', 'LOCALHOST', '127.0.0.1', '127.1.2.3', '::1', '[::1]']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
  });

  it('treats every other address as reachable', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'studybuddy.example', '128.0.0.1']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});

describe('plainHttpCookieWarning', () => {
  it('warns only when cookies are not Secure and the host is not loopback', () => {
    const warning = plainHttpCookieWarning({ cookieSecure: false, host: '0.0.0.0' });
    expect(warning).toMatch(/plain HTTP/);
    expect(warning).toMatch(/COOKIE_SECURE=true/);
    expect(plainHttpCookieWarning({ cookieSecure: true, host: '0.0.0.0' })).toBeUndefined();
    expect(plainHttpCookieWarning({ cookieSecure: false, host: '127.0.0.1' })).toBeUndefined();
  });
});

describe('loadConfig mail settings', () => {
  it('has no SMTP by default, links to localhost on PORT, and scans every 30 seconds', () => {
    expect(loadConfig({ PORT: '4000' }).mail).toEqual({
      smtpUrl: undefined,
      from: 'StudyBuddy <studybuddy@localhost>',
      publicUrl: 'http://localhost:4000',
      reminderScanSeconds: 30,
    });
  });

  it('runs as one instance without REDIS_URL, and takes only redis:// or rediss:// for it', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: '' }).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'rediss://:pw@cache.example.org:6380' }).redisUrl).toBe(
      'rediss://:pw@cache.example.org:6380',
    );
    expect(() => loadConfig({ REDIS_URL: 'http://cache:6379' })).toThrow(
      'REDIS_URL must be a redis:// or rediss:// URL',
    );
  });

  it('takes smtp:// and smtps:// URLs and a public origin without its trailing slash', () => {
    const mail = loadConfig({
      SMTP_URL: 'smtps://mailer:pa55@mail.example.org:465',
      MAIL_FROM: 'Study <study@example.org>',
      PUBLIC_URL: 'https://study.example.org/',
      REMINDER_SCAN_SECONDS: '10',
    }).mail;
    expect(mail).toEqual({
      smtpUrl: 'smtps://mailer:pa55@mail.example.org:465',
      from: 'Study <study@example.org>',
      publicUrl: 'https://study.example.org',
      reminderScanSeconds: 10,
    });
  });

  it('refuses another scheme, and says so without repeating the value', () => {
    let message = '';
    try {
      loadConfig({ SMTP_URL: 'http://mailer:pa55@mail.example.org' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/SMTP_URL/);
    expect(message).not.toContain('pa55');
    expect(() => loadConfig({ PUBLIC_URL: 'study.example.org' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ REMINDER_SCAN_SECONDS: '0' })).toThrow(/REMINDER_SCAN_SECONDS/);
  });

  it('masks the password of a URL it logs', () => {
    expect(maskUrl('smtp://mailer:pa55@mail.example.org:587')).toBe(
      'smtp://mailer:***@mail.example.org:587',
    );
    expect(maskUrl('smtp://mail.example.org:25')).toBe('smtp://mail.example.org:25');
    expect(maskUrl('not a url')).toBe('<invalid URL>');
  });
});

describe('loadConfig scheduled backups', () => {
  it('schedules none unless BACKUP_SCHEDULE is set, and keeps 7', () => {
    expect(loadConfig({}).backup).toEqual({ schedule: undefined, keep: 7 });
    expect(loadConfig({ BACKUP_SCHEDULE: '' }).backup.schedule).toBeUndefined();
    expect(loadConfig({ BACKUP_SCHEDULE: 'false' }).backup.schedule).toBeUndefined();
  });

  it('takes true for 03:00 daily, or any cron pattern croner reads', () => {
    expect(loadConfig({ BACKUP_SCHEDULE: 'true' }).backup.schedule).toBe('0 3 * * *');
    expect(loadConfig({ BACKUP_SCHEDULE: ' 30 1 * * 0 ', BACKUP_KEEP: '30' }).backup).toEqual({
      schedule: '30 1 * * 0',
      keep: 30,
    });
    expect(loadConfig({ BACKUP_SCHEDULE: '@weekly' }).backup.schedule).toBe('@weekly');
  });

  it('refuses a pattern that is not cron, and a count out of range', () => {
    for (const bad of ['daily', '61 3 * * *', '0 3 * *', 'yes'])
      expect(() => loadConfig({ BACKUP_SCHEDULE: bad }), bad).toThrow(
        /BACKUP_SCHEDULE: BACKUP_SCHEDULE must be a cron pattern/,
      );
    for (const bad of ['0', '1001', '2.5'])
      expect(() => loadConfig({ BACKUP_KEEP: bad }), bad).toThrow(/BACKUP_KEEP/);
  });
});

describe('loadConfig secrets from files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'studybuddy-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, content: string) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };
  const secret = 'a-signing-key-of-more-than-32-characters';

  it('reads every secret from its NAME_FILE, without the trailing newline', () => {
    const config = loadConfig({
      JWT_SECRET_FILE: file('jwt', `${secret}\n`),
      AI_API_KEY_FILE: file('ai', 'sk-key \r\n'),
      DATABASE_URL_FILE: file('db', 'postgres://sb:pw@db:5432/sb\n\n'),
      SMTP_URL_FILE: file('smtp', 'smtp://mailer:pa55@mail.example.org:587'),
      AI_PROVIDER: 'openai',
      AI_MODEL: 'llama3.1:8b',
    });
    expect(config.jwtSecret).toBe(secret);
    expect(config.ai.apiKey).toBe('sk-key ');
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://sb:pw@db:5432/sb' });
    expect(config.mail.smtpUrl).toBe('smtp://mailer:pa55@mail.example.org:587');
  });

  it('has a NAME_FILE for every secret and for nothing else', () => {
    expect([...SECRET_VARIABLES].sort()).toEqual(
      [
        'AI_API_KEY',
        'DATABASE_URL',
        'JWT_SECRET',
        'SMTP_URL',
        'REDIS_URL',
        'OIDC_CLIENT_SECRET',
        'VAPID_PUBLIC_KEY',
        'VAPID_PRIVATE_KEY',
      ].sort(),
    );
    for (const name of SECRET_VARIABLES) expect(Object.keys(envSchema.shape)).toContain(name);
    // Only secrets are read from files: HOST_FILE means nothing, and the value stays the default.
    expect(loadConfig({ HOST_FILE: file('host', '0.0.0.0') }).host).toBe('localhost');
  });

  it('refuses NAME and NAME_FILE both set, naming both', () => {
    for (const name of SECRET_VARIABLES) {
      expect(() => loadConfig({ [name]: 'x', [`${name}_FILE`]: file('both', 'y') })).toThrow(
        `${name}, ${name}_FILE: both are set`,
      );
    }
    // An empty NAME (`JWT_SECRET=` in an env file) is unset, so the file is read.
    expect(loadConfig({ JWT_SECRET: '', JWT_SECRET_FILE: file('jwt2', secret) }).jwtSecret).toBe(
      secret,
    );
  });

  it('names the variable and the path of a file it cannot read, and never the content', () => {
    const missing = join(dir, 'missing');
    expect(() => loadConfig({ JWT_SECRET_FILE: missing })).toThrow(
      `JWT_SECRET_FILE: cannot read ${missing} (no such file)`,
    );
    expect(() => loadConfig({ SMTP_URL_FILE: dir })).toThrow(
      `SMTP_URL_FILE: cannot read ${dir} (a folder, not a file)`,
    );
    expect(() => loadConfig({ AI_API_KEY_FILE: file('empty', '\n') })).toThrow(
      /AI_API_KEY_FILE: .*empty is empty/,
    );
    let message = '';
    try {
      loadConfig({ SMTP_URL_FILE: file('bad-smtp', 'http://mailer:pa55@mail.example.org\n') });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('SMTP_URL (from SMTP_URL_FILE): SMTP_URL must be');
    expect(message).not.toContain('pa55');
  });
});

describe('loadConfig push reminders', () => {
  /** A pair as `web-push generate-vapid-keys` prints it, and the public key of another. */
  const pair = () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const secret = ecdh.getPrivateKey();
    return {
      VAPID_PUBLIC_KEY: ecdh.getPublicKey('base64url'),
      // 32 bytes, its leading zeros kept.
      VAPID_PRIVATE_KEY: Buffer.concat([Buffer.alloc(32 - secret.length), secret]).toString(
        'base64url',
      ),
    };
  };

  it('generates the keys unless both are set, and keeps private addresses out', () => {
    expect(loadConfig({}).push).toEqual({
      vapidKeys: undefined,
      subject: 'mailto:support@studybuddy.example',
      allowPrivate: false,
    });
    const keys = pair();
    const config = loadConfig({ ...keys, PUSH_ALLOW_PRIVATE: 'true' });
    expect(config.push.vapidKeys).toEqual({
      publicKey: keys.VAPID_PUBLIC_KEY,
      privateKey: keys.VAPID_PRIVATE_KEY,
    });
    expect(config.push.allowPrivate).toBe(true);
    // Empty counts as unset (compose passes `${VAPID_PUBLIC_KEY:-}`).
    expect(loadConfig({ VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '' }).push.vapidKeys).toBe(
      undefined,
    );
  });

  it('names its contact from PUBLIC_URL when https, else from SUPPORT_EMAIL, unless told', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://study.example.org/app/' }).push.subject).toBe(
      'https://study.example.org',
    );
    expect(
      loadConfig({ PUBLIC_URL: 'http://10.0.0.5:3000', SUPPORT_EMAIL: 'it@school.example' }).push
        .subject,
    ).toBe('mailto:it@school.example');
    for (const subject of ['mailto:admin@school.example', 'https://school.example/contact'])
      expect(loadConfig({ VAPID_SUBJECT: subject }).push.subject).toBe(subject);
    for (const bad of ['admin@school.example', 'http://school.example', 'mailto:'])
      expect(() => loadConfig({ VAPID_SUBJECT: bad }), bad).toThrow(
        /VAPID_SUBJECT: VAPID_SUBJECT must be a mailto: address or an https:\/\/ URL/,
      );
  });

  it('refuses one key without the other, keys of the wrong shape, and a public key of another pair', () => {
    const keys = pair();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow(
      'VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are a pair; set both',
    );
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: keys.VAPID_PRIVATE_KEY })).toThrow(
      'VAPID_PUBLIC_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are a pair; set both',
    );
    expect(() => loadConfig({ ...keys, VAPID_PUBLIC_KEY: pair().VAPID_PUBLIC_KEY })).toThrow(
      'VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY',
    );
    // Compressed (33 bytes), padded base64, not base64url at all.
    const compressed = Buffer.from(keys.VAPID_PUBLIC_KEY, 'base64url').subarray(0, 33);
    for (const bad of [
      compressed.toString('base64url'),
      `${keys.VAPID_PUBLIC_KEY}=`,
      keys.VAPID_PUBLIC_KEY.replace(/^B/, 'C'),
      'not a key',
    ])
      expect(() => loadConfig({ ...keys, VAPID_PUBLIC_KEY: bad }), bad).toThrow(
        /VAPID_PUBLIC_KEY: VAPID_PUBLIC_KEY must be a P-256 public key/,
      );
    let message = '';
    try {
      loadConfig({ ...keys, VAPID_PRIVATE_KEY: `${keys.VAPID_PRIVATE_KEY}AAAA` });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('VAPID_PRIVATE_KEY: VAPID_PRIVATE_KEY must be a P-256 private key');
    // Never the key itself.
    expect(message).not.toContain(keys.VAPID_PRIVATE_KEY);
  });

  it('reads the pair from VAPID_PUBLIC_KEY_FILE and VAPID_PRIVATE_KEY_FILE', () => {
    const dir = mkdtempSync(join(tmpdir(), 'studybuddy-vapid-'));
    try {
      const keys = pair();
      writeFileSync(join(dir, 'public'), `${keys.VAPID_PUBLIC_KEY}\n`);
      writeFileSync(join(dir, 'private'), `${keys.VAPID_PRIVATE_KEY}\n`);
      const config = loadConfig({
        VAPID_PUBLIC_KEY_FILE: join(dir, 'public'),
        VAPID_PRIVATE_KEY_FILE: join(dir, 'private'),
      });
      expect(config.push.vapidKeys).toEqual({
        publicKey: keys.VAPID_PUBLIC_KEY,
        privateKey: keys.VAPID_PRIVATE_KEY,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('loadConfig school sign-in', () => {
  const school = {
    OIDC_ISSUER: 'https://id.school.example/realms/hillside',
    OIDC_CLIENT_ID: 'studybuddy',
  };

  it('is off by default, with password sign-in on', () => {
    const config = loadConfig({});
    expect(config.schoolSignIn).toBeUndefined();
    expect(config.passwordLogin).toBe(true);
  });

  it('reads the issuer, the client and the rules, domains in lower case', () => {
    const config = loadConfig({
      ...school,
      OIDC_CLIENT_SECRET: 's3cret',
      OIDC_ALLOWED_DOMAINS: ' Hillside.example, @staff.hillside.example ,',
      OIDC_AUTO_CREATE: 'false',
      OIDC_ADMIN_GROUP: 'studybuddy-admins',
      PASSWORD_LOGIN: 'false',
    });
    expect(config.passwordLogin).toBe(false);
    expect(config.schoolSignIn).toEqual({
      issuer: school.OIDC_ISSUER,
      clientId: 'studybuddy',
      clientSecret: 's3cret',
      buttonLabel: undefined,
      allowedDomains: ['hillside.example', 'staff.hillside.example'],
      autoCreate: false,
      adminGroup: 'studybuddy-admins',
      groupsClaim: 'groups',
    });
  });

  it('refuses an issuer without a client, plain http across a network, and no way in at all', () => {
    expect(() => loadConfig({ OIDC_ISSUER: school.OIDC_ISSUER })).toThrow(/OIDC_CLIENT_ID/);
    expect(() => loadConfig({ ...school, OIDC_ISSUER: 'http://id.school.example' })).toThrow(
      /OIDC_ISSUER: must be https/,
    );
    // On this machine plain http is a developer's or a test's provider.
    expect(
      loadConfig({ ...school, OIDC_ISSUER: 'http://127.0.0.1:8080' }).schoolSignIn,
    ).toBeDefined();
    expect(() => loadConfig({ PASSWORD_LOGIN: 'false' })).toThrow(
      /PASSWORD_LOGIN: false needs OIDC_ISSUER/,
    );
    expect(() => loadConfig({ ...school, OIDC_ISSUER: 'id.school.example' })).toThrow(
      /OIDC_ISSUER/,
    );
  });
});
