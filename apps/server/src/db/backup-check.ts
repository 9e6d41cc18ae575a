import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { fromSource, tsxLoaderUrl } from '../adapters/run-from-source.js';
import { runTool } from './backup.js';

/** What opening a backup found: `result` is 'ok', or what was wrong, in one line. */
export interface BackupCheck {
  ok: boolean;
  result: string;
}

const CHILD = fileURLToPath(
  new URL(`./sqlite-check-child.${fromSource ? 'ts' : 'js'}`, import.meta.url),
);

/**
 * Opens a backup as a restore would and says whether it holds a sound copy of every table in
 * `tables`. SQLite: the file is opened read-only and `PRAGMA integrity_check` reads every page
 * (in a child process: it takes a while on a large file). PostgreSQL: `pg_restore --list`
 * must list the data of every table, and `pg_restore --file=/dev/null` must read the whole
 * archive, which a truncated or damaged one fails; no database is touched.
 */
export async function checkBackup(
  kind: 'sqlite' | 'postgres',
  file: string,
  tables: readonly string[],
): Promise<BackupCheck> {
  try {
    return kind === 'sqlite' ? await checkSqlite(file, tables) : await checkDump(file, tables);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { ok: false, result: why.replace(/\s*\n\s*/g, ' ').slice(0, 500) };
  }
}

async function checkSqlite(file: string, tables: readonly string[]): Promise<BackupCheck> {
  const args = [...(fromSource ? ['--import', tsxLoaderUrl()] : []), CHILD, file];
  const out = await new Promise<string>((resolve, reject) =>
    execFile(
      process.execPath,
      args,
      { env: { ...process.env, NODE_OPTIONS: '' }, maxBuffer: 4 * 1024 * 1024 },
      (error, stdout, stderr) =>
        error ? reject(new Error(stderr.trim() || error.message)) : resolve(stdout),
    ),
  );
  const { lines, tables: held } = JSON.parse(out) as { lines: string[]; tables: string[] };
  if (lines.length !== 1 || lines[0] !== 'ok')
    return { ok: false, result: `integrity_check: ${lines.slice(0, 5).join('; ')}` };
  return missing(tables, new Set(held)) ?? { ok: true, result: 'ok' };
}

async function checkDump(file: string, tables: readonly string[]): Promise<BackupCheck> {
  // Reads the file only: no database, so no credentials.
  const env = { ...process.env };
  const listing = await runTool('pg_restore', ['--list', file], env);
  // e.g. `3391; 0 16402 TABLE DATA t_1a2b users postgres`
  const held = new Set(
    [...listing.matchAll(/^\d+; \d+ \d+ TABLE DATA \S+ (\S+) /gm)].map((m) => m[1] as string),
  );
  const gap = missing(tables, held);
  if (gap) return gap;
  await runTool('pg_restore', ['--file=/dev/null', file], env);
  return { ok: true, result: 'ok' };
}

function missing(tables: readonly string[], held: Set<string>): BackupCheck | undefined {
  const absent = tables.filter((t) => !held.has(t));
  return absent.length > 0
    ? { ok: false, result: `missing tables: ${absent.join(', ')}` }
    : undefined;
}
