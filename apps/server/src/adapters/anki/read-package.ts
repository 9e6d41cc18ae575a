import { ANKI_LIMITS, type AnkiLimits } from './anki-limits.js';
import type { AnkiFormat, AnkiPackageRead, AnkiWarningRead } from './anki-read.js';
import { AnkiRefusal } from './anki-refusal.js';
import { readCardImages } from './card-images.js';
import { openCollection } from './collection-db.js';
import { readCollectionModel } from './collection-model.js';
import { deckTree } from './deck-tree.js';
import { readMediaMap } from './media-map.js';
import { listEntries, readEntries, zipLimits } from './package-zip.js';
import { readCards } from './read-cards.js';
import { inflateZstd, ZstdTooLarge } from './zstd.js';

/**
 * The collection files a package may carry, the newest first: a package of Anki 2.1.50+ holds
 * `collection.anki21b` (zstd-compressed) with a stub `collection.anki2` beside it that tells
 * older versions to update, one of 2.1 before it `collection.anki21`, of 2.0 `collection.anki2`.
 */
const COLLECTIONS: [entry: string, format: AnkiFormat][] = [
  ['collection.anki21b', 'anki21b'],
  ['collection.anki21', 'anki21'],
  ['collection.anki2', 'anki2'],
];

const MEDIA_LIST = 'media';

/**
 * An Anki package (.apkg, a deck; .colpkg, a whole collection) read into plain data: decks,
 * cards as text with their memory rebuilt from the review log, and what was left out. Runs in
 * the parser process (files/parse-child.ts), whose memory the operating system caps: SQLite's
 * and the inflated collection's memory is counted there. Nothing is written to disk.
 * Throws AnkiRefusal when the package as a whole is not read.
 */
export async function readAnkiPackage(
  data: Uint8Array,
  filename: string,
  limits: AnkiLimits = ANKI_LIMITS,
): Promise<AnkiPackageRead> {
  if (!/\.(?:apkg|colpkg)$/i.test(filename.trim())) throw new AnkiRefusal('anki_wrong_extension');
  const zip = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const claims = await listEntries(zip, limits);
  const chosen = COLLECTIONS.find(([entry]) => claims.has(entry));
  if (!chosen) throw new AnkiRefusal('anki_not_a_package');
  const [collectionEntry, format] = chosen;

  const { media, model, cards } = await readCollectionEntry(zip, collectionEntry, format, limits);

  // A package without a single card is none to import; one whose cards are all empty once sound
  // and video go is read, so its preview can say what was left out (the import then refuses).
  if (cards.drafts.length === 0) throw new AnkiRefusal('anki_no_cards');
  const images = await readCardImages(zip, cards.drafts, media, claims, limits);
  // A card is shown if it has text or a picture on one side.
  const drafts = cards.drafts.filter(
    (d) => d.card.front !== '' || d.card.back !== '' || d.card.images.length > 0,
  );
  const decks = deckTree(model.decks, drafts);

  const warnings: AnkiWarningRead[] = [];
  for (const [name, notes] of [...cards.otherTypes].sort(([a], [b]) => (a < b ? -1 : 1))) {
    warnings.push({ code: 'anki_other_note_type', count: notes.size, name });
  }
  const counted: [AnkiWarningRead['code'], number][] = [
    ['anki_sound_dropped', cards.sounds.size],
    ['anki_video_dropped', cards.videos.size],
    ['anki_image_too_large', images.tooLarge.size],
    ['anki_image_missing', images.missing.size],
    ['anki_empty_cards_skipped', cards.drafts.length - drafts.length],
  ];
  for (const [code, count] of counted) if (count > 0) warnings.push({ code, count });

  return { format, decks, cards: drafts.map((d) => d.card), warnings };
}

/**
 * The collection and the media list, read from the ZIP. In a function of its own so that the
 * inflated collection is garbage once its cards are read, before the pictures are.
 */
async function readCollectionEntry(
  zip: Buffer,
  entry: string,
  format: AnkiFormat,
  limits: AnkiLimits,
) {
  const parts = await readEntries(
    zip,
    zipLimits(
      limits,
      limits.maxCollectionBytes,
      limits.maxCollectionBytes + limits.maxMediaListBytes,
    ),
    (name, claimed) =>
      name === entry || (name === MEDIA_LIST && claimed <= limits.maxMediaListBytes),
  );
  const media = readMediaMap(parts.get(MEDIA_LIST), limits.maxMediaListBytes);
  const db = openCollection(collectionFile(parts, entry, format, limits));
  try {
    const model = readCollectionModel(db);
    return { media, model, cards: readCards(db, model, limits.maxCards) };
  } finally {
    db.close();
  }
}

/**
 * The collection's SQLite file, taken out of the entries read: SQLite takes a copy, and no
 * variable keeps this one alive while the cards are read.
 */
function collectionFile(
  parts: Map<string, Buffer>,
  entry: string,
  format: AnkiFormat,
  limits: AnkiLimits,
): Uint8Array {
  const stored = parts.get(entry);
  parts.clear();
  if (!stored) throw new AnkiRefusal('anki_not_a_package');
  return format === 'anki21b' ? inflateCollection(stored, limits) : stored;
}

/** The zstd-compressed SQLite file of Anki 2.1.50+, under the collection's cap. */
function inflateCollection(stored: Uint8Array, limits: AnkiLimits): Uint8Array {
  try {
    return inflateZstd(stored, limits.maxCollectionBytes);
  } catch (err) {
    if (err instanceof ZstdTooLarge) throw new AnkiRefusal('file_zip_bomb');
    // Out of memory is the parser process's to tell (as too large), not damage.
    if (err instanceof RangeError) throw err;
    throw new AnkiRefusal('anki_collection_damaged');
  }
}
