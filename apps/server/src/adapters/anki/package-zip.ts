import { readZipParts, type ZipLimits } from '../files/zip-guard.js';
import type { AnkiLimits } from './anki-limits.js';
import { AnkiRefusal } from './anki-refusal.js';

/**
 * A package's ZIP, read with the server's one ZIP guard (files/zip-guard.ts): entries are
 * inflated only when wanted, as streams whose real bytes are counted against the caps.
 */

/** Every entry of the package and the inflated size its directory claims, inflating none. */
export async function listEntries(data: Buffer, limits: AnkiLimits): Promise<Map<string, number>> {
  const claims = new Map<string, number>();
  await readEntries(data, zipLimits(limits, 0, 0), (name, claimed) => {
    claims.set(name, claimed);
    return false;
  });
  return claims;
}

/** The ZIP guard's limits for one reading: the entry and total caps of what it inflates. */
export function zipLimits(limits: AnkiLimits, maxEntryBytes: number, maxTotalBytes: number) {
  return {
    maxEntries: limits.maxEntries,
    maxEntryBytes,
    maxTotalBytes,
    maxRatio: limits.maxRatio,
    ratioFloorBytes: limits.ratioFloorBytes,
  } satisfies ZipLimits;
}

/** The wanted entries, inflated; a damaged archive is no package, a bomb is refused. */
export async function readEntries(
  data: Buffer,
  limits: ZipLimits,
  wanted: (name: string, claimed: number) => boolean,
): Promise<Map<string, Buffer>> {
  const read = await readZipParts(data, limits, wanted);
  if (read.ok) return read.parts;
  if (read.reason === 'file_archive_damaged') throw new AnkiRefusal('anki_not_a_package');
  throw new AnkiRefusal(read.reason);
}
