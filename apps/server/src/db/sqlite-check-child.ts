import SQLite from 'better-sqlite3';

/**
 * Opens the SQLite file named by the first argument read-only and runs its integrity check,
 * in a process of its own so that reading every page of a large backup never holds the
 * server's event loop. Prints the check's lines as JSON (`["ok"]` when sound); a file that is
 * not a database fails to open, and that message goes to stderr with exit code 1.
 */
const file = process.argv[2];
try {
  if (!file) throw new Error('no file named');
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const lines = db.pragma('integrity_check', { simple: false }) as { integrity_check: string }[];
    const tables = db
      .prepare(`select name from sqlite_master where type = 'table' order by name`)
      .pluck()
      .all();
    process.stdout.write(JSON.stringify({ lines: lines.map((l) => l.integrity_check), tables }));
  } finally {
    db.close();
  }
} catch (error) {
  process.stderr.write(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
