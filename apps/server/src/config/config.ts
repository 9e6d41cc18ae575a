import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** The engines AI_PROVIDER can name: the offline builtin one, or a model provider. */
export const AI_PROVIDERS = ['builtin', 'openai', 'gemini', 'anthropic'] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];

/** Every environment variable the server reads (the README's configuration table). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(900),
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(90).default(14),
  /** Wins over SESSION_IDLE_DAYS when set; up to 90 days. */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(129_600).optional(),
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  COOKIE_SECURE: bool.default(false),
  TRUST_PROXY: z.string().optional(),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  AUTH_LOCKOUT_MAX: z.coerce.number().int().min(1).max(100).default(10),
  AUTH_LOCKOUT_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  UPLOAD_QUOTA_MB: z.coerce.number().int().min(1).max(1_000_000).default(200),
  PARSE_MEMORY_MB: z.coerce.number().int().min(128).max(16_384).default(512),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  SUPPORT_EMAIL: z
    .email('SUPPORT_EMAIL must be an e-mail address')
    .default('support@studybuddy.example'),
  SOCIAL_URL: z.url('SOCIAL_URL must be a URL').default('https://mastodon.social/'),
  CODE_URL: z.url('CODE_URL must be a URL').default('https://github.com/'),
  COMMUNITY_URL: z.url('COMMUNITY_URL must be a URL').default('https://matrix.to/'),
  AI_PROVIDER: z.enum(AI_PROVIDERS).default('builtin'),
  AI_BASE_URL: z
    .url('AI_BASE_URL must be a URL (the API root, e.g. http://127.0.0.1:11434/v1)')
    .optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().trim().min(1).optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** The older name of AI_RATE_LIMIT_MAX, read when that one is not set. */
  AI_CHAT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
  AI_RATE_LIMIT_MAX: z.coerce.number().int().min(1).optional(),
  /** Model calls per minute per server instance, all students together. */
  AI_GLOBAL_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  /** Model calls of background jobs (a plan's deep dives and lessons) in flight per instance. */
  AI_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** smtp://user:pass@host:587 or smtps://...; unset: reminders reach the in-app bell only. */
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      error: 'SMTP_URL must be an smtp:// or smtps:// URL (e.g. smtp://user:pass@host:587)',
    })
    .optional(),
  MAIL_FROM: z.string().trim().min(3).default('StudyBuddy <studybuddy@localhost>'),
  /** The web app's public origin for links in e-mails; http://localhost:PORT unless set. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http:// or https:// URL' })
    .optional(),
  REMINDER_SCAN_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
});

export type DatabaseTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  database: DatabaseTarget;
  /** From the environment; when absent the secrets module makes one under DATA_DIR. */
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  /** A session unused (no login or refresh) this long ends. */
  sessionIdleMinutes: number;
  sessionMaxDays: number;
  cookieSecure: boolean;
  trustProxy: string | boolean;
  authRateLimitMax: number;
  /** Failed logins per account (or per device cookie) and failed current-password checks. */
  authLockout: { max: number; minutes: number };
  logLevel: string;
  /** Bytes of study files one student may keep. */
  uploadQuotaBytes: number;
  /** Memory limit of each process that reads a PDF or Word file, in MB. */
  parseMemoryMb: number;
  /** Folder of the built SPA, or undefined when it is not built (API only). */
  webDist: string | undefined;
  /** Public links shown in the footer and on the contact page. */
  site: { supportEmail: string; socialUrl: string; codeUrl: string; communityUrl: string };
  /** Which engine answers AI calls; every provider falls back to the builtin one. */
  ai: AiConfig;
  /** E-mail and session reminders. */
  mail: MailConfig;
}

export interface MailConfig {
  /** The SMTP server's URL with its credentials; undefined: no e-mail, the bell only. */
  smtpUrl: string | undefined;
  /** The From header of every e-mail. */
  from: string;
  /** The web app's origin (no trailing slash) for links in e-mails. */
  publicUrl: string;
  /** How often each instance looks for reminders that are due, in seconds. */
  reminderScanSeconds: number;
}

export interface AiConfig {
  provider: AiProvider;
  baseUrl: string | undefined;
  apiKey: string | undefined;
  model: string | undefined;
  timeoutMs: number;
  /** AI requests per student per minute, one budget across every AI route. */
  rateLimitMax: number;
  /** Model calls per minute per server instance, all students together. */
  globalRateLimitMax: number;
  /** Background jobs (each one model call at a time) in flight per instance. */
  concurrency: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.AI_PROVIDER !== 'builtin' && !e.AI_MODEL) {
    throw new Error(
      `Invalid configuration:\n  AI_MODEL: AI_PROVIDER=${e.AI_PROVIDER} needs AI_MODEL (the model name, e.g. llama3.1:8b); unset AI_PROVIDER to use the builtin engine`,
    );
  }
  const sessionIdleMinutes = e.SESSION_IDLE_MINUTES ?? e.SESSION_IDLE_DAYS * 1440;
  // Only a login or a refresh renews a session, and the client refreshes when its access token
  // runs out: an idle limit shorter than the token would log out a student who is active.
  if (sessionIdleMinutes * 60 <= e.ACCESS_TOKEN_TTL_SECONDS) {
    throw new Error(
      `Invalid configuration:\n  SESSION_IDLE_MINUTES: ${sessionIdleMinutes} minutes must be longer than the access token (ACCESS_TOKEN_TTL_SECONDS=${e.ACCESS_TOKEN_TTL_SECONDS})`,
    );
  }
  // ASVS 6.3.1 (2.2.1 in v4): at most 100 failed attempts an hour on one account. Windows are
  // fixed, so any hour touches up to floor(60 / minutes) + 1 of them.
  if (e.AUTH_LOCKOUT_MAX * (Math.floor(60 / e.AUTH_LOCKOUT_MINUTES) + 1) > 100) {
    throw new Error(
      `Invalid configuration:\n  AUTH_LOCKOUT_MAX: ${e.AUTH_LOCKOUT_MAX} failures every ${e.AUTH_LOCKOUT_MINUTES} minutes allow more than 100 failed logins an hour`,
    );
  }
  const dataDir = resolve(e.DATA_DIR);
  const url = e.DATABASE_URL;
  let database: DatabaseTarget;
  if (url && /^postgres(ql)?:\/\//.test(url)) database = { kind: 'postgres', url };
  else if (url) database = { kind: 'sqlite', file: resolve(url.replace(/^sqlite:(\/\/)?/, '')) };
  else database = { kind: 'sqlite', file: resolve(dataDir, 'studybuddy.db') };
  const defaultDist = resolve(import.meta.dirname, '../../../web/dist');
  const webDist = e.WEB_DIST ? resolve(e.WEB_DIST) : defaultDist;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    database,
    jwtSecret: e.JWT_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    sessionIdleMinutes,
    sessionMaxDays: e.SESSION_MAX_DAYS,
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    authRateLimitMax: e.AUTH_RATE_LIMIT_MAX,
    authLockout: { max: e.AUTH_LOCKOUT_MAX, minutes: e.AUTH_LOCKOUT_MINUTES },
    logLevel: e.LOG_LEVEL,
    uploadQuotaBytes: e.UPLOAD_QUOTA_MB * 1_048_576,
    parseMemoryMb: e.PARSE_MEMORY_MB,
    webDist: existsSync(resolve(webDist, 'index.html')) ? webDist : undefined,
    site: {
      supportEmail: e.SUPPORT_EMAIL,
      socialUrl: e.SOCIAL_URL,
      codeUrl: e.CODE_URL,
      communityUrl: e.COMMUNITY_URL,
    },
    ai: {
      provider: e.AI_PROVIDER,
      baseUrl: e.AI_BASE_URL,
      apiKey: e.AI_API_KEY || undefined,
      model: e.AI_MODEL,
      timeoutMs: e.AI_TIMEOUT_MS,
      rateLimitMax: e.AI_RATE_LIMIT_MAX ?? e.AI_CHAT_RATE_LIMIT_MAX,
      globalRateLimitMax: e.AI_GLOBAL_RATE_LIMIT_MAX,
      concurrency: e.AI_CONCURRENCY,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
      reminderScanSeconds: e.REMINDER_SCAN_SECONDS,
    },
  };
}

/** A URL as the log may show it: the password (and a token in the query) masked. */
export function maskUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    u.search = u.search ? '?***' : '';
    return u.toString();
  } catch {
    return '<invalid URL>';
  }
}

/** Only a named proxy is trusted, so clients cannot spoof X-Forwarded-For (rate limits). */
function parseTrustProxy(v: string | undefined): string | boolean {
  if (v === undefined || v === '' || v === 'false') return false;
  if (v === 'true') return true;
  return v;
}

/** True for a host name or address that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return (
    h === 'localhost' ||
    h.endsWith('.localhost') ||
    h === '::1' ||
    /^(::ffff:)?127(\.\d{1,3}){3}$/.test(h)
  );
}

/** The start-up warning for cookies without Secure on a reachable address, if it applies. */
export function plainHttpCookieWarning(config: Pick<Config, 'cookieSecure' | 'host'>) {
  if (config.cookieSecure || isLoopbackHost(config.host)) return undefined;
  return `COOKIE_SECURE is false and HOST=${config.host} is reachable from other machines: the session cookies will be sent over plain HTTP. Serve the app behind HTTPS and set COOKIE_SECURE=true.`;
}
