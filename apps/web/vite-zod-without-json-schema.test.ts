import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { zodWithoutJsonSchema } from './vite-zod-without-json-schema.ts';

const require = createRequire(import.meta.url);
const zodCore = join(dirname(require.resolve('zod/package.json')), 'v4', 'core');

function load(id: string): string | null {
  const hook = zodWithoutJsonSchema().load as (id: string) => string | null;
  return hook(id);
}

describe('zod without its JSON Schema output, for the browser build', () => {
  it('replaces both JSON Schema modules with every name they export, each throwing', async () => {
    for (const name of ['to-json-schema', 'json-schema-processors']) {
      const file = join(zodCore, `${name}.js`);
      // Node's own require of zod's CommonJS twin: an import here would pass through this plugin.
      const real = require(join(zodCore, `${name}.cjs`)) as Record<string, unknown>;
      const stub = load(file);
      expect(stub).toBeTypeOf('string');
      const exported = [...(stub as string).matchAll(/^export const (\w+) = unavailable;$/gm)].map(
        (m) => m[1],
      );
      expect(exported.sort()).toEqual(Object.keys(real).sort());
      const url = `data:text/javascript,${encodeURIComponent(stub as string)}`;
      const mod = await import(/* @vite-ignore */ url);
      expect(() => mod[exported[0] as string]()).toThrow(/not in the browser build/);
    }
  });

  it('leaves every other module alone', () => {
    expect(load(join(zodCore, 'schemas.js'))).toBeNull();
    expect(load('/work/app/src/to-json-schema.js')).toBeNull();
  });
});
