import { readFileSync } from 'node:fs';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import * as contracts from '@studybuddy/contracts';
import {
  adminEndpoints,
  CALENDAR_LIMITS,
  CLASS_LIMITS,
  calendarEndpoints,
  calendarSubscribeInputSchema,
  classEndpoints,
  type Endpoint,
  importEndpoints,
  smartSchedulerEndpoints,
  topicEndpoints,
  WIZARD,
  wizardAvailabilitySchema,
  wizardPeriodSchema,
  wizardPreferencesSchema,
  wizardSubjectsSchema,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@studybuddy/contracts';
import type { FastifyInstance } from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UPLOAD_LIMITS } from './multipart.js';

/*
 * The OpenAPI 3.1 document, generated from the contracts' zod schemas by @fastify/swagger and
 * fastify-type-provider-zod, served at /api/docs/json and read with Swagger UI at /api/docs.
 * Everything that knows the provider's ways (its registry, its `XInput` names) is in
 * `schemaTransforms` and `nameComponents`; the rest works on the finished document.
 */

/** Where Swagger UI's page and files are, and the document at `/json` below it. */
export const DOCS_PREFIX = '/api/docs';
// biome-ignore lint/suspicious/noExplicitAny: a JSON document, walked and edited freely
type Doc = Record<string, any>;
type Operation = Doc;

/** `authEndpoints.register` -> `authRegister`: the contract's key, stable while URLs move. */
const operationIds = new Map<Endpoint, string>();
for (const [name, group] of Object.entries(contracts)) {
  if (!name.endsWith('Endpoints') || typeof group !== 'object' || group === null) continue;
  const prefix = name.slice(0, -'Endpoints'.length);
  for (const [key, endpoint] of Object.entries(group as Record<string, Endpoint>)) {
    if (!operationIds.has(endpoint))
      operationIds.set(endpoint, `${prefix}${key[0]?.toUpperCase()}${key.slice(1)}`);
  }
}

/** Routes that `route()` registers as public but whose plugin admits signed-in admins only. */
const GUARDED_BY_PLUGIN = new Set<Endpoint>(Object.values(adminEndpoints));

/**
 * The OpenAPI fields `route()` adds to a route's schema: the operation id (an alias path gets
 * `…Alias`) and what a caller must send: the Bearer token unless the route is public, the XSRF
 * header on every write the CSRF check covers. Public reads say `security: []`.
 */
export function operationFields(
  endpoint: Endpoint,
  url: string,
  access: { authenticated: boolean; csrf: boolean },
): { operationId?: string; security: Array<Record<string, string[]>>; description?: string } {
  const id = operationIds.get(endpoint);
  const alias = url !== endpoint.path;
  const requirement: Record<string, string[]> = {};
  if (access.authenticated || GUARDED_BY_PLUGIN.has(endpoint)) requirement.bearer = [];
  if (endpoint.method !== 'GET' && access.csrf) requirement.xsrf = [];
  return {
    ...(id ? { operationId: alias ? `${id}Alias` : id } : {}),
    security: Object.keys(requirement).length > 0 ? [requirement] : [],
    ...(alias ? { description: `The same as \`${endpoint.method} ${endpoint.path}\`.` } : {}),
  };
}

/** apps/server/package.json, from src/platform or dist/platform alike. */
function serverVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  return String(pkg.version);
}

/** OpenAPI generated from the zod schemas of the routes. Registered before any route. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const { transform, transformObject } = schemaTransforms();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'StudyBuddy API',
        version: serverVersion(),
        description:
          'Every non-2xx answer is an `Error` body. Routes need a Bearer access token (from login or refresh) unless their `security` is empty; every write also needs the XSRF header, echoing the `XSRF-TOKEN` cookie any answer sets.',
        license: { name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' },
      },
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The access token of login or refresh, in `Authorization: Bearer …`.',
          },
          xsrf: {
            type: 'apiKey',
            in: 'header',
            name: XSRF_HEADER,
            description: `Double-submit CSRF check: the value of the \`${XSRF_COOKIE}\` cookie, which every answer sets when the client lacks it.`,
          },
        },
      },
    },
    transform,
    transformObject: (input) => finishDocument(transformObject(input) as Doc),
  });
}

/** Swagger UI at /api/docs, from the plugin's own copy of swagger-ui-dist; the JSON at /json. */
export async function registerOpenApiRoute(app: FastifyInstance): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // The page loads nothing but this server's files (no validator.swagger.io), so the app's
    // CSP (script-src 'self', no inline script or style) holds for it unchanged. BaseLayout
    // leaves out the top bar, whose Swagger logo carries an inline <style> the CSP refuses,
    // and whose box would load any other document.
    validatorUrl: false,
    uiConfig: { layout: 'BaseLayout', deepLinking: true, tryItOutEnabled: false },
    theme: { title: 'StudyBuddy API' },
  });
}

// ---------------------------------------------------------------------------------------------
// fastify-type-provider-zod (v7): components from a registry of its own.

/** Registered ids carry this suffix until `nameComponents` gives them their names. */
const PENDING = '__';

type DocMeta = { id?: string; description?: string };

/**
 * The metadata of our registry: its own entries (the component ids) laid over zod's global
 * registry (the descriptions of fields). The provider copies a registry by reading its
 * `_map` (v7), not through `get`, so the merge lives in the map.
 */
class DocMetadata extends WeakMap<z.core.$ZodType, DocMeta> {
  override get(schema: z.core.$ZodType): DocMeta | undefined {
    const global = z.globalRegistry.get(schema);
    const own = super.get(schema);
    if (!own) return global;
    // The name is the component's key; it is no description.
    const { description: _name, ...rest } = global ?? {};
    return { ...rest, ...own };
  }
  override has(schema: z.core.$ZodType): boolean {
    return super.has(schema) || z.globalRegistry.has(schema);
  }
}

/**
 * The contracts name their shared schemas in their description (`.describe('CurrentUser')`).
 * This registry gives each exported one of them that id, so the provider emits it once under
 * components and `$ref`s it, without touching the contracts; every other metadata (the
 * descriptions of fields) is read from zod's global registry as usual.
 */
class DocRegistry extends z.core.$ZodRegistry<DocMeta> {
  override _map = new DocMetadata();
}

/** Parameters stay inline: @fastify/swagger lists their properties one by one. */
function buildRegistry(): DocRegistry {
  const registry = new DocRegistry();
  const inParameters = new Set<unknown>();
  for (const [name, group] of Object.entries(contracts)) {
    if (!name.endsWith('Endpoints')) continue;
    for (const e of Object.values(group as Record<string, Endpoint>)) {
      inParameters.add(e.params);
      inParameters.add(e.query);
    }
  }
  for (const value of Object.values(contracts)) {
    if (!(value instanceof z.ZodType) || inParameters.has(value)) continue;
    const name = value.description;
    if (name && /^[A-Z][A-Za-z0-9]*$/.test(name) && !registry._idmap.has(name + PENDING))
      registry.add(value, { id: name + PENDING });
  }
  return registry;
}
const registry = buildRegistry();

/** The error body's component, as the provider names it (inline if it has no name). */
function errorSchemaRef(doc: Doc): { $ref: string } {
  const id = registry.get(contracts.errorBodySchema)?.id ?? `Error${PENDING}`;
  if (!doc.components.schemas[id]) {
    const { $schema: _, ...schema } = z.toJSONSchema(contracts.errorBodySchema, { io: 'output' });
    doc.components.schemas[id] = schema;
  }
  return { $ref: `#/components/schemas/${id}` };
}

function schemaTransforms() {
  return {
    transform: createJsonSchemaTransform({
      schemaRegistry: registry,
      skipList: [],
    }),
    transformObject: createJsonSchemaTransformObject({ schemaRegistry: registry }),
  };
}

/**
 * The provider emits every registered schema twice, `X__` (output) and `X__Input` (input).
 * Only the ones the document uses stay; each is named `X`, and `XInput` for the input form of
 * a schema both read and written.
 */
function nameComponents(doc: Doc): Doc {
  const schemas: Doc = doc.components?.schemas ?? {};
  const refOf = (key: string) => `#/components/schemas/${key}`;
  const used = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) {
        if (k === '$ref' && typeof v === 'string' && v.startsWith(refOf(''))) {
          const key = v.slice(refOf('').length);
          if (!used.has(key)) {
            used.add(key);
            visit(schemas[key]);
          }
        } else visit(v);
      }
    }
  };
  const { components, ...rest } = doc;
  visit(rest);
  visit({ ...components, schemas: {} });
  const names = new Map<string, string>();
  const taken = new Set([...used].filter((k) => !k.includes(PENDING)));
  const claim = (wanted: string) => {
    let name = wanted;
    while (taken.has(name)) name += 'Input';
    taken.add(name);
    return name;
  };
  // Outputs first, so a schema both read and written keeps its plain name for what is read.
  const sorted = [...used].sort(
    (a, b) => Number(a.endsWith('Input')) - Number(b.endsWith('Input')),
  );
  for (const key of sorted) {
    const at = key.indexOf(PENDING);
    if (at < 0) continue;
    const base = key.slice(0, at);
    names.set(
      key,
      claim(key.endsWith(`${PENDING}Input`) && taken.has(base) ? `${base}Input` : base),
    );
  }
  const kept: Doc = {};
  for (const key of [...used].sort((a, b) =>
    (names.get(a) ?? a).localeCompare(names.get(b) ?? b),
  )) {
    if (!schemas[key]) continue;
    // The provider's `$id` and `$schema` mean nothing inside the document, and a description
    // that only repeats the name is the contracts' way of naming it.
    const { $id: _id, $schema: _schema, ...schema } = schemas[key];
    const base = key.split(PENDING)[0];
    if (schema.description === base) delete schema.description;
    kept[names.get(key) ?? key] = schema;
  }
  let text = JSON.stringify({ ...doc, components: { ...components, schemas: kept } });
  for (const [from, to] of names) text = text.replaceAll(`"${refOf(from)}"`, `"${refOf(to)}"`);
  return JSON.parse(text);
}

// ---------------------------------------------------------------------------------------------
// The finished document: names, error answers, multipart bodies.

const ERRORS: Record<string, { name: string; description: string }> = {
  '400': {
    name: 'BadRequest',
    description:
      'The request is not valid (`validation_failed` with field `details`, `invalid_json`).',
  },
  '401': {
    name: 'Unauthorized',
    description: 'No valid access token, or its session is over (`unauthorized`, `token_invalid`).',
  },
  '403': {
    name: 'Forbidden',
    description: 'The XSRF header is missing or does not match the cookie (`csrf_invalid`).',
  },
  '404': {
    name: 'NotFound',
    description: 'No such record of this student, or no such path (`not_found`).',
  },
  '409': {
    name: 'Conflict',
    description:
      'The request clashes with the current state (taken e-mail or username, a plan already accepted or re-planned meanwhile).',
  },
  '413': {
    name: 'PayloadTooLarge',
    description: 'The body is too large (`payload_too_large`, `upload_quota_exceeded`).',
  },
  '415': {
    name: 'UnsupportedMediaType',
    description: 'The body is not of a content type the route reads.',
  },
  '429': {
    name: 'TooManyRequests',
    description:
      'A throttle or the student’s AI budget says wait (`rate_limited`, `generation_in_progress`).',
  },
  '500': {
    name: 'InternalError',
    description: 'Something went wrong on the server (`internal_error`); quote the `requestId`.',
  },
  '503': {
    name: 'ServiceUnavailable',
    description: 'The server is busy or shutting down (`server_busy`); try again shortly.',
  },
};

/** Statuses some operations answer beyond those every operation of their kind does. */
const EXTRA_ERRORS: Record<string, string[]> = {
  authRegister: ['409'],
  smartSchedulerAccept: ['409'],
  livingPlanReplan: ['409'],
  importAnkiImport: ['404'],
  importCsvImport: ['404'],
  exportAnki: ['404'],
  exportCardsCsv: ['404'],
  // A student who is not a teacher; a second join; the class join's unknown code.
  classCreate: ['403'],
  classJoin: ['404', '409'],
};

function errorStatuses(path: string, op: Operation): string[] {
  const requirement: Record<string, unknown> = op.security?.[0] ?? {};
  const hasBody = op.requestBody !== undefined;
  const id = String(op.operationId ?? '').replace(/Alias$/, '');
  const hidden = path.startsWith('/api/admin');
  return [
    '400',
    ...('bearer' in requirement && !hidden ? ['401'] : []),
    ...('xsrf' in requirement ? ['403'] : []),
    ...(path.includes('{') || hidden ? ['404'] : []),
    ...(EXTRA_ERRORS[id] ?? []),
    ...(hasBody ? ['413', '415'] : []),
    '429',
    '500',
    '503',
  ].sort();
}

/** The form fields the wizard's and the deep dive's uploads share: platform/multipart.ts's limits. */
const mb = (bytes: number) => `${bytes / 1024 / 1024} MB`;
const UPLOAD_RULES = `At most ${mb(UPLOAD_LIMITS.fileSize)} a file, ${mb(UPLOAD_LIMITS.totalBytes)} in all, ${UPLOAD_LIMITS.filesPerRequest} files and ${UPLOAD_LIMITS.fields} other fields of at most ${UPLOAD_LIMITS.fieldSize / 1024} KB each; past these, 413. PDF, Word (DOCX) and text files are read.`;
const FILE = { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream' };
const jsonField = (schema: z.ZodType, description: string) => {
  const { $schema: _, ...contentSchema } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
  });
  return { type: 'string', contentMediaType: 'application/json', contentSchema, description };
};

/** A multipart body that may come as JSON instead (the calendar: a file, or a link). */
function withJson(body: Doc, schema: z.ZodType): Doc {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return { ...body, content: { ...body.content, 'application/json': { schema: json } } };
}

/** The multipart bodies, read by `readUpload` rather than by a route schema. */
function multipartBodies(): Record<string, Doc> {
  const deepDive = {
    type: 'object',
    properties: {
      prompt: {
        type: 'string',
        description: 'What the student asks for; the first 5,000 characters are read.',
      },
      files: { type: 'array', items: FILE, description: 'The material, one part per file.' },
    },
  };
  const wizard = {
    type: 'object',
    required: ['period', 'availability', 'subjects', 'preferences'],
    properties: {
      period: jsonField(wizardPeriodSchema, 'The study period, as JSON.'),
      availability: jsonField(wizardAvailabilitySchema, 'The free hours of each weekday, as JSON.'),
      subjects: jsonField(wizardSubjectsSchema, 'The subjects, as JSON.'),
      preferences: jsonField(wizardPreferencesSchema, 'The planning preferences, as JSON.'),
      language: {
        type: 'string',
        maxLength: 10,
        default: 'en',
        description: 'The student’s language.',
      },
      timeZone: { type: 'string', default: 'UTC', description: 'IANA time zone of the plan.' },
      jobId: {
        type: 'string',
        pattern: '^[A-Za-z0-9-]{8,64}$',
        description: 'Client-made id to follow the progress by.',
      },
    },
    additionalProperties: {
      type: 'array',
      items: FILE,
      maxItems: WIZARD.filesPerSubject,
      description: `A subject’s files: one part per file, named by the subject’s name with its spaces as underscores (\`Linear_Algebra\`); at most ${WIZARD.filesPerSubject} per subject.`,
    },
  };
  const calendar = {
    type: 'object',
    required: ['file'],
    properties: {
      file: { ...FILE, description: 'The calendar file (.ics).' },
      name: {
        type: 'string',
        maxLength: CALENDAR_LIMITS.nameMax,
        description: 'Its name here; else the file’s own (X-WR-CALNAME), else the file name.',
      },
    },
  };
  const ankiPackage = {
    type: 'object',
    required: ['file'],
    properties: { file: { ...FILE, description: 'The Anki package (.apkg or .colpkg).' } },
  };
  const body = (schema: Doc, encoding: Doc = {}, description = UPLOAD_RULES) => ({
    required: true,
    description,
    content: {
      'multipart/form-data': { schema, ...(Object.keys(encoding).length ? { encoding } : {}) },
    },
  });
  const json = { contentType: 'application/json' };
  return {
    [operationIds.get(topicEndpoints.generateDeepDive) ?? '']: body(deepDive),
    [operationIds.get(smartSchedulerEndpoints.process) ?? '']: body(wizard, {
      period: json,
      availability: json,
      subjects: json,
      preferences: json,
    }),
    [operationIds.get(calendarEndpoints.create) ?? '']: withJson(
      body(
        calendar,
        {},
        `One .ics file of at most ${mb(CALENDAR_LIMITS.fileBytes)} and ${CALENDAR_LIMITS.events.toLocaleString('en')} events (past the size, 413); or, as JSON, a link to subscribe to.`,
      ),
      calendarSubscribeInputSchema,
    ),
    [operationIds.get(importEndpoints.csvPreview) ?? '']: body(
      {
        type: 'object',
        required: ['file'],
        properties: { file: { ...FILE, description: 'The spreadsheet (CSV or tab-separated).' } },
      },
      {},
      'One spreadsheet of at most 5 MB and 50,000 rows (past the size, 413).',
    ),
    [operationIds.get(importEndpoints.ankiPreview) ?? '']: body(
      ankiPackage,
      {},
      `One Anki package of at most ${mb(UPLOAD_LIMITS.fileSize)} (past it, 413).`,
    ),
    [operationIds.get(classEndpoints.addFiles) ?? '']: body(
      {
        type: 'object',
        required: ['files'],
        properties: {
          files: {
            type: 'array',
            items: FILE,
            description: 'The class’s files, one part per file.',
          },
        },
      },
      {},
      `${UPLOAD_RULES} At most ${CLASS_LIMITS.files} files a class; the teacher’s upload quota counts them.`,
    ),
  };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function finishDocument(raw: Doc): Doc {
  const doc = raw;
  doc.components.schemas ??= {};
  const uploads = multipartBodies();
  const errorRef = errorSchemaRef(doc);
  const used = new Set<string>();
  for (const [path, item] of Object.entries<Doc>(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op: Operation | undefined = item[method];
      if (!op) continue;
      const upload = uploads[String(op.operationId ?? '').replace(/Alias$/, '')];
      if (upload) op.requestBody = upload;
      for (const [status, response] of Object.entries<Doc>(op.responses ?? {})) {
        if (response.description === 'Default Response')
          response.description = status === '201' ? 'Created' : 'OK';
        const stream = response.content?.['text/event-stream'];
        if (stream)
          stream.schema = {
            type: 'string',
            description: 'Server-Sent Events, as the summary says.',
          };
      }
      for (const status of errorStatuses(path, op)) {
        used.add(status);
        op.responses[status] ??= { $ref: `#/components/responses/${ERRORS[status]?.name}` };
      }
    }
  }
  doc.components.responses = Object.fromEntries(
    Object.entries(ERRORS)
      .filter(([status]) => used.has(status))
      .map(([, { name, description }]) => [
        name,
        { description, content: { 'application/json': { schema: errorRef } } },
      ]),
  );
  return nameComponents(doc);
}
