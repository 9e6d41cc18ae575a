import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

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
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  COOKIE_SECURE: bool.default(false),
  TRUST_PROXY: z.string().optional(),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  SUPPORT_EMAIL: z
    .email('SUPPORT_EMAIL must be an e-mail address')
    .default('support@studybuddy.example'),
  SOCIAL_URL: z.url('SOCIAL_URL must be a URL').default('https://mastodon.social/'),
  CODE_URL: z.url('CODE_URL must be a URL').default('https://github.com/'),
  COMMUNITY_URL: z.url('COMMUNITY_URL must be a URL').default('https://matrix.to/'),
  AI_PROVIDER: z.enum(['builtin', 'openai', 'gemini', 'anthropic']).default('builtin'),
  AI_BASE_URL: z
    .url('AI_BASE_URL must be a URL (the API root, e.g. http://127.0.0.1:11434/v1)')
    .optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().trim().min(1).optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  AI_CHAT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
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
  sessionIdleDays: number;
  sessionMaxDays: number;
  cookieSecure: boolean;
  trustProxy: string | boolean;
  authRateLimitMax: number;
  logLevel: string;
  /** Folder of the built SPA, or undefined when it is not built (API only). */
  webDist: string | undefined;
  /** Public links shown in the footer and on the contact page. */
  site: { supportEmail: string; socialUrl: string; codeUrl: string; communityUrl: string };
  /** Which engine answers AI calls; every provider falls back to the builtin one. */
  ai: AiConfig;
}

export interface AiConfig {
  provider: 'builtin' | 'openai' | 'gemini' | 'anthropic';
  baseUrl: string | undefined;
  apiKey: string | undefined;
  model: string | undefined;
  timeoutMs: number;
  /** AI calls (chat, lesson helper, generation) per student per minute. */
  rateLimitMax: number;
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
    sessionIdleDays: e.SESSION_IDLE_DAYS,
    sessionMaxDays: e.SESSION_MAX_DAYS,
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    authRateLimitMax: e.AUTH_RATE_LIMIT_MAX,
    logLevel: e.LOG_LEVEL,
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
      rateLimitMax: e.AI_CHAT_RATE_LIMIT_MAX,
    },
  };
}

/** Only a named proxy is trusted, so clients cannot spoof X-Forwarded-For (rate limits). */
function parseTrustProxy(v: string | undefined): string | boolean {
  if (v === undefined || v === '' || v === 'false') return false;
  if (v === 'true') return true;
  return v;
}
