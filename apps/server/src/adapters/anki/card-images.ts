import type { AnkiLimits } from './anki-limits.js';
import type { AnkiImageRead } from './anki-read.js';
import type { MediaFile } from './media-map.js';
import { readEntries, zipLimits } from './package-zip.js';
import type { CardDraft } from './read-cards.js';
import { inflateZstd, ZstdTooLarge } from './zstd.js';

/** The pictures StudyBuddy shows, by their first bytes; never SVG (it can hold scripts). */
export function imageMime(bytes: Uint8Array): string | undefined {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  const ascii = (at: number, text: string) =>
    [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'image/gif';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'image/webp';
  return undefined;
}

export interface ImagesRead {
  /** Media names referred to but not in the package, or not a picture shown here. */
  missing: Set<string>;
  /** Larger than one picture may be, or past the package's total. */
  tooLarge: Set<string>;
}

/**
 * The pictures the cards show, taken from the package within the caps, in the order the cards
 * first show them: each at most maxImageBytes, all together at most maxImagesTotalBytes (by the
 * sizes claimed, then checked on the real bytes). Only those entries are inflated. Each card's
 * `images` is filled; a picture shown by many cards is one object, which the structured clone
 * to the server sends once.
 */
export async function readCardImages(
  data: Buffer,
  drafts: CardDraft[],
  media: MediaFile[],
  claims: Map<string, number>,
  limits: AnkiLimits,
): Promise<ImagesRead> {
  const result: ImagesRead = { missing: new Set(), tooLarge: new Set() };
  const byName = new Map(media.map((f) => [f.name, f]));
  const chosen = new Map<string, MediaFile>();
  let total = 0;
  for (const draft of drafts) {
    for (const name of draft.imageNames) {
      if (chosen.has(name) || result.missing.has(name) || result.tooLarge.has(name)) continue;
      const file = byName.get(name) ?? byName.get(safeDecode(name));
      const claimed = file && claims.get(file.entry);
      if (!file || claimed === undefined) {
        result.missing.add(name);
        continue;
      }
      const size = file.zstd ? (file.size ?? claimed) : claimed;
      if (size > limits.maxImageBytes || total + size > limits.maxImagesTotalBytes) {
        result.tooLarge.add(name);
        continue;
      }
      total += size;
      chosen.set(name, file);
    }
  }
  if (chosen.size === 0) return result;

  const entries = new Set([...chosen.values()].map((f) => f.entry));
  // A zstd-compressed picture's entry is about its size; the margin is zstd's worst case.
  const entryCap = limits.maxImageBytes + 64 * 1024;
  const parts = await readEntries(
    data,
    zipLimits(limits, entryCap, limits.maxImagesTotalBytes + entries.size * 64 * 1024),
    (name) => entries.has(name),
  );
  const images = new Map<string, AnkiImageRead>();
  let kept = 0;
  for (const [name, file] of chosen) {
    const stored = parts.get(file.entry);
    let bytes: Uint8Array | undefined;
    try {
      bytes = stored && file.zstd ? inflateZstd(stored, limits.maxImageBytes) : stored;
    } catch (err) {
      if (err instanceof ZstdTooLarge) result.tooLarge.add(name);
      else result.missing.add(name);
      continue;
    }
    const mime = bytes && imageMime(bytes);
    if (!bytes || !mime) {
      result.missing.add(name);
      continue;
    }
    if (bytes.length > limits.maxImageBytes || kept + bytes.length > limits.maxImagesTotalBytes) {
      result.tooLarge.add(name);
      continue;
    }
    kept += bytes.length;
    images.set(name, { name, mime, base64: Buffer.from(bytes).toString('base64') });
  }
  for (const draft of drafts) {
    draft.card.images = draft.imageNames.flatMap((n) => images.get(n) ?? []);
  }
  return result;
}

/** Anki may write a picture's name percent-encoded in its src. */
function safeDecode(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}
