import { AnkiRefusal } from './anki-refusal.js';
import { protoFields, protoMessages, protoNumber, protoString } from './protobuf-fields.js';
import { inflateZstd, ZstdTooLarge } from './zstd.js';

/** One media file of a package: the name its notes use, and where its bytes are. */
export interface MediaFile {
  name: string;
  /** The ZIP entry holding its bytes ("0", "1", ...). */
  entry: string;
  /** Its size as the media list claims it (Anki 2.1.50+ lists say), else undefined. */
  size: number | undefined;
  /** Its bytes are zstd-compressed inside the entry (packages of Anki 2.1.50+). */
  zstd: boolean;
}

const ZSTD_MAGIC = [0x28, 0xb5, 0x2f, 0xfd];

const isZstd = (bytes: Uint8Array) => ZSTD_MAGIC.every((b, i) => bytes[i] === b);

/**
 * A name that could point out of a folder if it were ever used as a path: it is never written
 * anywhere, but a package naming one is made to harm, so none of it is read.
 */
export function unsafeMediaName(name: string): boolean {
  return (
    name === '' ||
    name === '.' ||
    name.includes('..') ||
    /[/\\\0]/.test(name) ||
    // A drive ("C:name" is relative to C:'s folder on Windows).
    /^[a-z]:/i.test(name)
  );
}

/**
 * The package's media list: JSON `{"0": "name.jpg"}` before Anki 2.1.50, a zstd-compressed
 * protobuf MediaEntries after (entries numbered by their place, or by legacy_zip_filename).
 * A list that cannot be read names no file (its pictures are told as missing); a list naming
 * a path refuses the package.
 */
export function readMediaMap(bytes: Uint8Array | undefined, maxBytes: number): MediaFile[] {
  if (!bytes || bytes.length === 0) return [];
  const files = isZstd(bytes) ? latestList(bytes, maxBytes) : legacyList(bytes);
  for (const f of files)
    if (unsafeMediaName(f.name)) throw new AnkiRefusal('anki_unsafe_media_name');
  return files;
}

function legacyList(bytes: Uint8Array): MediaFile[] {
  let map: unknown;
  try {
    map = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return [];
  }
  if (typeof map !== 'object' || map === null || Array.isArray(map)) return [];
  return Object.entries(map).flatMap(([entry, name]) =>
    typeof name === 'string' ? [{ name, entry, size: undefined, zstd: false }] : [],
  );
}

function latestList(bytes: Uint8Array, maxBytes: number): MediaFile[] {
  let list: Uint8Array;
  try {
    list = inflateZstd(bytes, maxBytes);
  } catch (err) {
    if (err instanceof ZstdTooLarge) throw new AnkiRefusal('file_zip_bomb');
    return [];
  }
  try {
    // MediaEntries { repeated MediaEntry entries = 1 }; MediaEntry { string name = 1;
    // uint32 size = 2; bytes sha1 = 3; optional uint32 legacy_zip_filename = 255 }.
    return protoMessages(protoFields(list), 1).map((message, index) => {
      const entry = protoFields(message);
      const legacy = protoNumber(entry, 255);
      return {
        name: protoString(entry, 1) ?? '',
        entry: String(legacy ?? index),
        size: protoNumber(entry, 2) ?? 0,
        zstd: true,
      };
    });
  } catch {
    return [];
  }
}
