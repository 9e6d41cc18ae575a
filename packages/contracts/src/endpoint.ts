import type { z } from 'zod';

/** Describes one HTTP endpoint: the server registers it, the client calls it. */
export interface Endpoint<
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path in Fastify syntax (`/topics/:id`). */
  path: string;
  /** Other paths served by the same handler (some calls have two path shapes). */
  aliases?: readonly string[];
  body: Body;
  /** Path parameters (`:id`), parsed from text. */
  params?: z.ZodType;
  /** Query-string parameters, parsed from text. */
  query?: z.ZodType;
  response: Response;
  summary: string;
}

export function endpoint<const E extends Endpoint>(e: E): E {
  return e;
}

/** Fills `:name` segments of an endpoint path. */
export function pathOf(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
