import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { envSchema, SECRET_VARIABLES } from './config.js';

/** Where `npm run env:example` writes: `.env.example` at the repository root. */
export const ENV_EXAMPLE_PATH = resolve(import.meta.dirname, '../../../../.env.example');

/** Every name the server reads: the schema's variables and NAME_FILE of each secret. */
export function knownVariables(): string[] {
  return [...Object.keys(envSchema.shape), ...SECRET_VARIABLES.map((name) => `${name}_FILE`)];
}

/**
 * `.env.example` as the schema says it now: each variable with its description and default,
 * every line commented out. None is required, and an uncommented empty value would not mean
 * "unset" (`SMTP_URL=` is not a URL), so an admin uncomments only what they change.
 */
export function renderEnvExample(): string {
  const defaults = envSchema.parse({}) as Record<string, unknown>;
  const secrets: readonly string[] = SECRET_VARIABLES;
  const lines = [
    "# StudyBuddy's settings, each with its default; none is needed. Uncomment what you change.",
    `# A secret (${SECRET_VARIABLES.join(', ')}) may instead come from a file:`,
    '# NAME_FILE names it, its trailing newline is dropped; setting NAME and NAME_FILE is an error.',
    '# Generated from apps/server/src/config/config.ts by `npm run env:example`: edit the schema.',
  ];
  for (const [name, field] of Object.entries(envSchema.shape)) {
    const value = defaults[name];
    lines.push('', `# ${field.description ?? ''}`.trimEnd(), `# ${name}=${value ?? ''}`);
    if (secrets.includes(name)) lines.push(`# ${name}_FILE=/run/secrets/${name.toLowerCase()}`);
  }
  return `${lines.join('\n')}\n`;
}

// `npm run env:example` runs this file to write the example; importing it writes nothing.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  writeFileSync(ENV_EXAMPLE_PATH, renderEnvExample());
  console.log(`wrote ${ENV_EXAMPLE_PATH}`);
}
