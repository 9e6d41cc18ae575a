/**
 * Every route of the server's own OpenAPI document (/api/docs/json) sent what a careless or
 * hostile client sends: odd path parameters, bodies of the wrong shape and type, values at and
 * past every limit, garbage multipart, with and without a signed-in student. Any 5xx is a
 * defect: bad input must get a 4xx and change nothing. Deterministic (a seeded generator), so
 * a failure reproduces.
 */
import { ApiClient } from '../support/api.js';
import { newStudent } from '../support/browser.js';

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  $ref?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
  maxLength?: number;
  maximum?: number;
}
interface Operation {
  operationId: string;
  requestBody?: { content: Record<string, { schema?: Schema }> };
}
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

/** A small seeded generator (mulberry32): the same run every time. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ODD_VALUES: unknown[] = [
  null,
  0,
  -1,
  1.5,
  2 ** 53,
  1e308,
  '',
  ' ',
  'x'.repeat(10_001),
  '\u0000',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '2026-02-30',
  '9999-12-31T23:59:59Z',
  "'; drop table users; --",
  true,
  [],
  {},
  [1, 'a', null],
  { nested: { deep: [{}] } },
];
/** The server's JSON body limit (1 MiB, app.ts). */
const JSON_BODY_LIMIT = 1_048_576;
const ODD_PARAMS = ['0', '-1', '1.5', '99999999999999999999', 'abc', '%00', 'x'.repeat(300), '1e3'];

export interface FuzzFigures {
  requests: number;
  /** "METHOD path -> status" of every 5xx, once each. */
  serverErrors: string[];
  operations: number;
}

export async function fuzzRoutes(base: string, opts: { rounds: number }): Promise<FuzzFigures> {
  const doc = (await (await fetch(`${base}/api/docs/json`)).json()) as Document;
  const rnd = random(20261125);
  const pick = <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const resolve = (s: Schema | undefined): Schema | undefined =>
    s?.$ref ? doc.components?.schemas?.[s.$ref.split('/').at(-1) as string] : s;

  /** A value shaped like the schema in places and wrong in others. */
  function value(schema: Schema | undefined, depth: number): unknown {
    const s = resolve(schema);
    if (!s || depth > 4 || rnd() < 0.3) return pick(ODD_VALUES);
    const alt = s.anyOf ?? s.oneOf;
    if (alt) return value(pick(alt), depth + 1);
    if (s.enum) return rnd() < 0.5 ? pick(s.enum) : pick(ODD_VALUES);
    const type = Array.isArray(s.type) ? pick(s.type) : s.type;
    switch (type) {
      case 'object': {
        const out: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(s.properties ?? {})) {
          if (rnd() < 0.85) out[k] = value(v, depth + 1);
        }
        if (rnd() < 0.2) out.unexpected = pick(ODD_VALUES);
        return out;
      }
      case 'array':
        return Array.from({ length: pick([0, 1, 3, 250]) }, () => value(s.items, depth + 1));
      case 'string':
        return s.maxLength && rnd() < 0.3 ? 'y'.repeat(s.maxLength + 1) : pick(ODD_VALUES);
      case 'integer':
      case 'number':
        return s.maximum !== undefined && rnd() < 0.3 ? s.maximum + 1 : pick(ODD_VALUES);
      default:
        return pick(ODD_VALUES);
    }
  }

  /**
   * A JSON body under the server's body limit: arrays of 250 nested in arrays of 250 can pass it,
   * and the server then answers 413 and closes the connection before reading the rest, which the
   * client sees as a broken pipe rather than an answer. The shapes are what is fuzzed here.
   */
  function jsonBody(schema: Schema | undefined): unknown {
    for (let tries = 0; tries < 5; tries++) {
      const body = value(schema, 0);
      if (JSON.stringify(body).length < JSON_BODY_LIMIT) return body;
    }
    return pick(ODD_VALUES);
  }

  const student = newStudent('fuzz');
  const signedIn = new ApiClient(base);
  await signedIn.signUp(student);
  const anonymous = new ApiClient(base);
  const figures: FuzzFigures = { requests: 0, serverErrors: [], operations: 0 };
  const seen = new Set<string>();

  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      figures.operations += 1;
      const content = op.requestBody?.content ?? {};
      for (let round = 0; round < opts.rounds; round++) {
        const url = path.replace(/\{[^}]+\}/g, () => encodeURIComponent(pick(ODD_PARAMS)));
        const client = round % 4 === 3 ? anonymous : signedIn;
        let body: unknown;
        if (content['application/json']) body = jsonBody(content['application/json'].schema);
        else if (content['multipart/form-data']) {
          const form = new FormData();
          form.set(pick(['files', 'subjects', 'period', 'prompt', 'x']), String(pick(ODD_VALUES)));
          form.append(
            'files',
            new Blob([pick(['%PDF-1.7 broken', 'PK\u0003\u0004', ''])]),
            'x.pdf',
          );
          body = round % 2 ? form : value(undefined, 0);
        }
        figures.requests += 1;
        const status = await client.status(method.toUpperCase(), url, body);
        if (status >= 500 && !seen.has(`${method} ${path}`)) {
          seen.add(`${method} ${path}`);
          figures.serverErrors.push(`${method.toUpperCase()} ${url.slice(0, 80)} -> ${status}`);
        }
        // A fuzzed request may end the session (logout, revoke): sign in again.
        if (status === 401 && client === signedIn)
          await signedIn.logIn(student.email, student.password);
      }
    }
  }
  return figures;
}
