import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * zod's JSON Schema output: every schema class refers to it (for `.toJSONSchema()`), so no
 * bundler can drop it, yet the browser never asks a schema for its JSON Schema (the server
 * writes the API document). It is about 5 KB of the first screen's compressed JavaScript.
 */
const JSON_SCHEMA_MODULE =
  /\/node_modules\/zod\/v4\/core\/(to-json-schema|json-schema-processors)\.js$/;

/**
 * Replaces zod's JSON Schema modules in the browser build with functions of the same names that
 * throw. The names are read from the real module, so a zod update that adds one still builds;
 * a call, should one ever be added to the web, fails loudly instead of producing nothing.
 */
export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'studybuddy:zod-without-json-schema',
    enforce: 'pre',
    load(id) {
      const file = id.split('?')[0] ?? id;
      if (!JSON_SCHEMA_MODULE.test(file)) return null;
      const names = new Set<string>();
      const source = readFileSync(file, 'utf8');
      for (const m of source.matchAll(/^export (?:const|function|class) (\w+)/gm))
        names.add(m[1] as string);
      for (const m of source.matchAll(/^export \{([^}]*)\}/gm)) {
        for (const part of (m[1] as string).split(',')) {
          const name = part
            .trim()
            .split(/\s+as\s+/)
            .at(-1);
          if (name) names.add(name);
        }
      }
      const stub = `function unavailable() { throw new Error('zod JSON Schema output is not in the browser build'); }\n`;
      return stub + [...names].map((n) => `export const ${n} = unavailable;`).join('\n');
    },
  };
}
