import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from './serializer.js';

const compile = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as (
    data: unknown,
  ) => string;

describe('the response serializer', () => {
  const plan = z.object({
    id: z.number().int(),
    name: z.string(),
    deadline: z.string().nullable(),
    note: z.string().optional(),
    status: z.enum(['draft', 'active']),
    topics: z.array(z.object({ id: z.number(), done: z.boolean() })),
  });

  it('writes what the schema declares, and nothing else', () => {
    const write = compile(plan);
    const out = write({
      id: 1,
      name: 'Chemistry',
      deadline: null,
      status: 'active',
      topics: [{ id: 2, done: true, secret: 'x' }],
      passwordHash: 'never sent',
    });
    expect(JSON.parse(out)).toEqual({
      id: 1,
      name: 'Chemistry',
      deadline: null,
      status: 'active',
      topics: [{ id: 2, done: true }],
    });
  });

  it('fails on a missing required property rather than send half an answer', () => {
    expect(() => compile(plan)({ id: 1, deadline: null, status: 'active', topics: [] })).toThrow(
      /name/,
    );
  });

  it('keeps zod’s serializer for what JSON Schema cannot say', () => {
    const write = compile(z.object({ at: z.date() }));
    expect(JSON.parse(write({ at: new Date('2026-11-27T10:00:00Z') }))).toEqual({
      at: '2026-11-27T10:00:00.000Z',
    });
  });
});
