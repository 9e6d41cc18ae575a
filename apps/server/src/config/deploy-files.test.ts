/**
 * The Dockerfile and docker-compose.yml are not run by the test suite (its machines have no
 * Docker daemon), so what can be checked by reading them is: their shape, and that every variable
 * they set is one the server reads.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from './config.js';
import { ENV_EXAMPLE_PATH, knownVariables } from './env-example.js';

const ROOT = resolve(import.meta.dirname, '../../../..');
const read = (file: string) => readFileSync(resolve(ROOT, file), 'utf8');

interface Instruction {
  keyword: string;
  args: string;
}

/** Dockerfile instructions, continuation lines joined and comments dropped. */
function parseDockerfile(text: string): Instruction[][] {
  const logical: string[] = [];
  let current = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#') || (line === '' && current === '')) continue;
    current += current ? ` ${line}` : line;
    if (current.endsWith('\\')) current = current.slice(0, -1).trimEnd();
    else {
      if (current) logical.push(current);
      current = '';
    }
  }
  const stages: Instruction[][] = [];
  for (const line of logical) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (keyword.toUpperCase() === 'FROM') stages.push([]);
    const stage = stages.at(-1);
    if (!stage) throw new Error(`Dockerfile: ${keyword} before the first FROM`);
    stage.push({ keyword: keyword.toUpperCase(), args });
  }
  return stages;
}

/** The names an `ENV A=1 B=2` instruction sets. */
const envNames = (args: string) =>
  [...args.matchAll(/(?:^|\s)([A-Za-z_][A-Za-z0-9_]*)=/g)].map((m) => m[1]);

type Yaml = string | Yaml[] | { [key: string]: Yaml };

/**
 * The YAML the compose file uses, and nothing more: block maps, lists of scalars, plain and
 * quoted scalars, a flow list kept as its text. Anything else throws, so a change of style
 * fails here rather than passing unchecked. (No YAML parser is a declared dependency.)
 */
function parseYamlSubset(text: string): Yaml {
  const lines = text
    .split('\n')
    .map((raw, i) => ({ n: i + 1, indent: raw.length - raw.trimStart().length, text: raw.trim() }))
    .filter((l) => l.text !== '' && !l.text.startsWith('#'));
  let i = 0;
  const scalar = (s: string, n: number): string => {
    if (/\s#/.test(s.replace(/"[^"]*"|'[^']*'/g, '')))
      throw new Error(`line ${n}: comment after a value`);
    const quoted = /^"(.*)"$|^'(.*)'$/.exec(s);
    return quoted ? (quoted[1] ?? quoted[2] ?? '') : s;
  };
  const block = (indent: number): Yaml => {
    const first = lines[i];
    if (!first || first.indent !== indent) throw new Error(`line ${first?.n}: unexpected indent`);
    if (first.text.startsWith('- ')) {
      const list: Yaml[] = [];
      while (lines[i]?.indent === indent && lines[i]?.text.startsWith('- ')) {
        const line = lines[i++] as (typeof lines)[number];
        const item = line.text.slice(2);
        if (/^[\w.-]+:(\s|$)/.test(item)) throw new Error(`line ${line.n}: a map in a list`);
        list.push(scalar(item, line.n));
      }
      return list;
    }
    const map: { [key: string]: Yaml } = {};
    while (lines[i]?.indent === indent) {
      const line = lines[i++] as (typeof lines)[number];
      const m = /^([\w.-]+):(?:\s+(.*))?$/.exec(line.text);
      if (!m?.[1]) throw new Error(`line ${line.n}: not "key: value"`);
      if (m[1] in map) throw new Error(`line ${line.n}: ${m[1]} twice`);
      const next = lines[i];
      if (m[2] !== undefined) map[m[1]] = scalar(m[2], line.n);
      else if (next && next.indent > indent) map[m[1]] = block(next.indent);
      else map[m[1]] = {};
    }
    const rest = lines[i];
    if (rest && rest.indent > indent) throw new Error(`line ${rest.n}: unexpected indent`);
    return map;
  };
  const doc = block(0);
  if (i < lines.length) throw new Error(`line ${lines[i]?.n}: unexpected indent`);
  return doc;
}

const asMap = (v: Yaml | undefined): { [key: string]: Yaml } => {
  if (!v || typeof v === 'string' || Array.isArray(v)) throw new Error(`not a map: ${String(v)}`);
  return v;
};

const known = new Set(knownVariables());
const defaultPort = String(envSchema.parse({}).PORT);

describe('parseYamlSubset', () => {
  it('reads maps, lists and quoted scalars, and refuses what it does not know', () => {
    expect(parseYamlSubset('a:\n  b: "1"\n  c:\n    - x\n    - \'y\'\nd: [1, 2]\n')).toEqual({
      a: { b: '1', c: ['x', 'y'] },
      d: '[1, 2]',
    });
    expect(() => parseYamlSubset('a: 1 # note\n')).toThrow(/comment/);
    expect(() => parseYamlSubset('a:\n  - b: 1\n')).toThrow(/map in a list/);
    expect(() => parseYamlSubset('a: 1\n  b: 2\n')).toThrow(/indent/);
    expect(() => parseYamlSubset('a: 1\na: 2\n')).toThrow(/twice/);
  });
});

describe('Dockerfile', () => {
  const stages = parseDockerfile(read('Dockerfile'));
  const final = stages.at(-1) ?? [];
  const args = (stage: Instruction[], keyword: string) =>
    stage.filter((i) => i.keyword === keyword).map((i) => i.args);

  it('builds on Node 24 LTS in a build stage and runs from a second one', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage[0]?.args).toMatch(/^node:24-bookworm-slim\b/);
    const build = stages[0] ?? [];
    expect(build[0]?.args).toMatch(/\bAS build$/i);
    const runs = args(build, 'RUN').join('\n');
    for (const step of ['python3 make g++', 'npm ci', 'npm run build', 'npm prune --omit=dev']) {
      expect(runs).toContain(step);
    }
    expect(args(final, 'COPY').join('\n')).toMatch(/--from=build/);
  });

  it('compiles better-sqlite3 against Node 24 headers older than its ObjectWrap cleanup hooks', () => {
    const install = args(stages[0] ?? [], 'RUN').find((r) => r.includes('npm ci')) ?? '';
    expect(install).toContain('npm_config_build_from_source=better-sqlite3');
    expect(install).toMatch(/npm_config_target=24\.(\d+)\.\d+/);
    const minor = Number(/npm_config_target=24\.(\d+)/.exec(install)?.[1]);
    expect(minor).toBeLessThan(19);
  });

  it('copies what the built server reads at run time', () => {
    const runs = args(stages[0] ?? [], 'RUN').join('\n');
    for (const path of [
      'apps/server/dist',
      'apps/web/dist',
      'packages/contracts/dist',
      'node_modules',
    ]) {
      expect(runs).toContain(path);
    }
  });

  it("runs node with the server's V8 flags under tini as a user that is not root, with its data on a volume", () => {
    const users = args(final, 'USER');
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    expect(args(final, 'VOLUME')).toContain('/data');
    expect(args(final, 'EXPOSE')).toEqual([defaultPort]);
    expect(args(final, 'ENTRYPOINT')).toEqual(['["/usr/bin/tini", "--"]']);
    expect(args(final, 'RUN').join('\n')).toMatch(/apt-get install .*\btini\b/);
    const nodeFlags = JSON.parse(read('apps/server/node-flags.json')) as string[];
    expect(args(final, 'CMD')).toEqual([
      JSON.stringify(['node', ...nodeFlags, 'apps/server/dist/main.js']).replaceAll(',', ', '),
    ]);
    const health = args(final, 'HEALTHCHECK');
    expect(health).toHaveLength(1);
    expect(health[0]).toMatch(/CMD \["node", .*\/api\/health/);
  });

  it('sets only variables the server reads, and serves the network from /data', () => {
    const env = args(final, 'ENV').join(' ');
    const names = envNames(env);
    expect(names.filter((name) => !known.has(name as string))).toEqual([]);
    expect(env).toContain('NODE_ENV=production');
    expect(env).toContain('DATA_DIR=/data');
    expect(env).toContain('HOST=0.0.0.0');
    expect(env).toContain(`PORT=${defaultPort}`);
    for (const stage of stages) {
      for (const name of envNames(args(stage, 'ENV').join(' '))) expect(known).toContain(name);
    }
  });
});

describe('docker-compose.yml', () => {
  const compose = asMap(parseYamlSubset(read('docker-compose.yml')));
  const services = asMap(compose.services);
  const app = asMap(services.app);
  const db = asMap(services.db);
  const topSecrets = asMap(compose.secrets);
  const topVolumes = asMap(compose.volumes);

  it('sets only variables the server reads, secrets through files it mounts', () => {
    const env = asMap(app.environment);
    expect(Object.keys(env).filter((name) => !known.has(name))).toEqual([]);
    expect(env).toHaveProperty('DATABASE_URL_FILE');
    expect(env).toHaveProperty('JWT_SECRET_FILE');
    expect(env).not.toHaveProperty('DATABASE_URL');
    expect(env).not.toHaveProperty('JWT_SECRET');
    for (const [name, value] of Object.entries(env)) {
      if (!name.endsWith('_FILE')) continue;
      const secret = /^\/run\/secrets\/([\w-]+)$/.exec(String(value))?.[1];
      expect(secret, name).toBeDefined();
      expect(app.secrets).toContain(secret);
      expect(topSecrets).toHaveProperty(secret as string);
    }
  });

  it('starts the app once PostgreSQL 17 answers pg_isready', () => {
    expect(asMap(asMap(app.depends_on).db).condition).toBe('service_healthy');
    expect(db.image).toMatch(/^postgres:17\b/);
    expect(asMap(db.healthcheck).test).toMatch(/pg_isready/);
    const env = asMap(db.environment);
    const secret = /^\/run\/secrets\/([\w-]+)$/.exec(String(env.POSTGRES_PASSWORD_FILE))?.[1];
    expect(db.secrets).toContain(secret);
    expect(topSecrets).toHaveProperty(secret as string);
    expect(env).not.toHaveProperty('POSTGRES_PASSWORD');
  });

  it('keeps data on named volumes, restarts, and caps the logs of every service', () => {
    expect(app.volumes).toEqual([expect.stringMatching(/^[\w-]+:\/data$/)]);
    expect(db.volumes).toEqual([expect.stringMatching(/^[\w-]+:\/var\/lib\/postgresql\/data$/)]);
    for (const volume of [...(app.volumes as string[]), ...(db.volumes as string[])]) {
      expect(topVolumes).toHaveProperty(volume.split(':')[0] as string);
    }
    for (const [name, service] of Object.entries(services)) {
      const s = asMap(service);
      expect(s.restart, name).toBe('unless-stopped');
      const logging = asMap(s.logging);
      expect(logging.driver, name).toBe('json-file');
      expect(asMap(logging.options), name).toMatchObject({
        'max-size': expect.any(String),
        'max-file': expect.any(String),
      });
    }
  });
});

describe('the school profile of docker-compose.yml', () => {
  const compose = asMap(parseYamlSubset(read('docker-compose.yml')));
  const services = asMap(compose.services);
  const app = asMap(services.app);
  const app2 = asMap(services.app2);
  const redis = asMap(services.redis);
  const proxy = asMap(services.proxy);

  it('runs a second instance of the same image with the same settings, Redis included', () => {
    expect(app2.image).toBe(app.image);
    expect(app2.profiles).toEqual(['school']);
    expect(app2.ports).toBeUndefined();
    expect(asMap(app2.environment)).toEqual(asMap(app.environment));
    for (const env of [app.environment, app2.environment]) {
      // biome-ignore lint/suspicious/noTemplateCurlyInString: compose's interpolation, from .env
      expect(asMap(env).REDIS_URL).toBe('${REDIS_URL:-}');
      expect(Object.keys(asMap(env)).filter((name) => !known.has(name))).toEqual([]);
    }
    // The first instance waits for Redis only when the profile runs it.
    expect(asMap(asMap(app.depends_on).redis)).toEqual({
      condition: 'service_healthy',
      required: 'false',
    });
    expect(asMap(asMap(app2.depends_on).redis).condition).toBe('service_healthy');
    expect(redis.profiles).toEqual(['school']);
    expect(asMap(redis.healthcheck).test).toContain('ping');
  });

  it('puts both instances behind the proxy, each only while it is ready', () => {
    expect(proxy.profiles).toEqual(['school']);
    expect(proxy.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    const caddyfile = read('deploy/Caddyfile');
    expect(caddyfile).toMatch(/reverse_proxy app:3000 app2:3000 \{/);
    expect(caddyfile).toContain('health_uri /api/health/ready');
  });
});

describe('.env.example', () => {
  it('names only variables the server reads', () => {
    const names = [...read(ENV_EXAMPLE_PATH).matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map(
      (m) => m[1],
    );
    expect(names.length).toBeGreaterThan(30);
    expect(names.filter((name) => !known.has(name as string))).toEqual([]);
  });
});
