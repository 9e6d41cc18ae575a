import { compress, init } from '@bokuweb/zstd-wasm';
import { BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
import Database from 'better-sqlite3';
import JSZip from 'jszip';
import type { AnkiFormat } from '../../adapters/anki/anki-read.js';
import {
  createLegacyCollection,
  type LegacyCard,
  type LegacyCollection,
  type LegacyNote,
  type LegacyReview,
  legacyInserts,
} from '../../adapters/anki/legacy-collection.js';
import { toSchema18 } from './collection-schema18.js';

/**
 * Anki packages for the tests, in the three forms Anki has written: `collection.anki2` (Anki
 * 2.0, and every legacy export), `collection.anki21` beside a stub `collection.anki2` (2.1
 * before 2.1.50), and `collection.anki21b` (2.1.50+: zstd-compressed schema 18, a protobuf
 * `meta`, a zstd-compressed protobuf media list, media files zstd-compressed). The schema 11
 * collection is made with the app's own writer's module (legacy-collection.ts).
 *
 * zstd: Node 20's zlib has no zstd, and fzstd (the reader's) only decompresses, so the tests
 * compress with @bokuweb/zstd-wasm, the zstd library compiled to WebAssembly inside its npm
 * package (no install script, no download).
 */

/** A whole collection as rows, and its media files. */
export interface TestCollection extends LegacyCollection {
  notes: LegacyNote[];
  cards: LegacyCard[];
  revlog: LegacyReview[];
  media: { name: string; bytes: Uint8Array }[];
}

export interface PackageOptions {
  /** The media list's names, in place of the files' own (a list naming paths). */
  mediaNames?: string[];
  /** Changes made to the legacy collection before it is packed (a trigger, a view...). */
  alter?: (db: Database.Database) => void;
}

/** The SQLite file of a legacy collection (schema 11) holding `c`. */
export function legacyDatabase(c: TestCollection): Database.Database {
  const db = new Database(':memory:');
  createLegacyCollection(db, c);
  const insert = legacyInserts(db, Math.floor(c.mod / 1000));
  db.transaction(() => {
    for (const n of c.notes) insert.note(n);
    for (const card of c.cards) insert.card(card);
    for (const r of c.revlog) insert.review(r);
  })();
  return db;
}

let zstdReady: Promise<void> | undefined;

/** zstd at Anki's level (its default, 0, is 3). */
export async function zstd(bytes: Uint8Array): Promise<Uint8Array> {
  zstdReady ??= init();
  await zstdReady;
  return compress(bytes, 3);
}

/**
 * The collection beside a newer one in a package: Anki writes a legacy collection whose one
 * note asks the student to update, so an older Anki that opens it says why.
 */
function stubCollection(c: TestCollection): Buffer {
  const stub: TestCollection = {
    crt: c.crt,
    mod: c.mod,
    schedVer: 2,
    decks: [{ id: 1, name: 'Default' }],
    noteTypes: [
      {
        id: 1,
        name: 'Basic',
        cloze: false,
        fields: ['Front', 'Back'],
        templates: [{ name: 'Card 1', qfmt: '{{Front}}', afmt: '{{Back}}' }],
      },
    ],
    notes: [
      {
        id: 1,
        guid: 'stub',
        mid: 1,
        tags: [],
        fields: [
          'Please update to the latest Anki version, then import the .colpkg/.apkg file again.',
          '',
        ],
        sortText: 'Please update',
      },
    ],
    cards: [
      {
        id: 1,
        nid: 1,
        did: 1,
        ord: 0,
        type: 0,
        queue: 0,
        due: 1,
        ivl: 0,
        factor: 0,
        reps: 0,
        lapses: 0,
        left: 0,
        odue: 0,
        odid: 0,
        data: '',
      },
    ],
    revlog: [],
    media: [],
  };
  const db = legacyDatabase(stub);
  try {
    return db.serialize();
  } finally {
    db.close();
  }
}

/** PackageMetadata { Version version = 1 }: 1 legacy anki2, 2 legacy anki21, 3 latest. */
const meta = (version: number) =>
  new BinaryWriter().tag(1, WireType.Varint).int32(version).finish();

/** MediaEntries { repeated MediaEntry entries = 1 { string name = 1; uint32 size = 2 } }. */
function mediaEntries(files: { name: string; size: number }[]): Uint8Array {
  const list = new BinaryWriter();
  for (const f of files) {
    const entry = new BinaryWriter()
      .tag(1, WireType.LengthDelimited)
      .string(f.name)
      .tag(2, WireType.Varint)
      .uint32(f.size)
      .finish();
    list.tag(1, WireType.LengthDelimited).bytes(entry);
  }
  return list.finish();
}

/** The collection packed as Anki's `format` writes it. */
export async function buildAnkiPackage(
  c: TestCollection,
  format: AnkiFormat,
  options: PackageOptions = {},
): Promise<Buffer> {
  const db = legacyDatabase(c);
  let collection: Buffer;
  try {
    options.alter?.(db);
    collection = format === 'anki21b' ? toSchema18(db, c) : db.serialize();
  } finally {
    db.close();
  }
  const names = options.mediaNames ?? c.media.map((m) => m.name);
  const zip = new JSZip();
  if (format === 'anki2') zip.file('collection.anki2', collection);
  else {
    zip.file('collection.anki2', stubCollection(c));
    zip.file('meta', meta(format === 'anki21' ? 2 : 3));
  }
  if (format === 'anki21') zip.file('collection.anki21', collection);
  if (format === 'anki21b') {
    zip.file('collection.anki21b', await zstd(collection));
    const sizes = names.map((name, i) => ({ name, size: c.media[i]?.bytes.length ?? 0 }));
    zip.file('media', await zstd(mediaEntries(sizes)));
    for (const [i, m] of c.media.entries()) zip.file(String(i), await zstd(m.bytes));
  } else {
    zip.file('media', JSON.stringify(Object.fromEntries(names.map((n, i) => [String(i), n]))));
    for (const [i, m] of c.media.entries()) zip.file(String(i), m.bytes);
  }
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
