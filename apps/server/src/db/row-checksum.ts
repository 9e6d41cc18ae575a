import { createHash, type Hash } from 'node:crypto';

/**
 * One stored value as the copy's checksum reads it, the same whichever database gave it: a
 * number by its exact decimal value (`n:`), text as it is (`s:`), bytes in hex (`b:`), or null.
 *
 * SQLite and PostgreSQL hand back one value in different JavaScript types, so each is brought
 * to the form the SQLite file holds: a 64-bit integer read as a bigint and an int4 read as a
 * number are both `n:<digits>`; a boolean is 0/1 and an instant its ISO-8601 UTC text, as the
 * portable column types store them (docs/decisions/0001). A JSON value parsed by the driver is
 * written back as JSON text, which matches only when the text was already in that form. What
 * stays different is a change the copy made: text that became a number, bytes that became text,
 * a fraction rounded to an integer.
 */
export function canonicalValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string':
      return `s:${value}`;
    case 'bigint':
      return `n:${value.toString()}`;
    case 'number':
      // An integer as digits (1e21 too), so the bigint and the number of one value agree;
      // otherwise the shortest text that reads back as the same double.
      return Number.isInteger(value) ? `n:${BigInt(value).toString()}` : `n:${String(value)}`;
    case 'boolean':
      return value ? 'n:1' : 'n:0';
    default:
      break;
  }
  if (value instanceof Date) return `s:${value.toISOString()}`;
  if (value instanceof Uint8Array) return `b:${Buffer.from(value).toString('hex')}`;
  return `s:${JSON.stringify(value)}`;
}

/**
 * Counts a table's rows and hashes them (SHA-256) in the order given, which must be the primary
 * key's on both sides: each row is the JSON array of its canonical values, one line per row.
 */
export class TableChecksum {
  private readonly hash: Hash = createHash('sha256');
  rows = 0;

  add(row: readonly unknown[]): void {
    this.hash.update(`${JSON.stringify(row.map(canonicalValue))}\n`);
    this.rows++;
  }

  /** The hex digest; call once, after the last row. */
  digest(): string {
    return this.hash.digest('hex');
  }
}
