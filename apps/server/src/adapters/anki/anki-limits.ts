const MB = 1024 * 1024;

/**
 * What the Anki reader takes from a package at most. Whatever is inflated is counted as it
 * comes (entries of the ZIP, zstd blocks), so a package that lies about its sizes is refused
 * as soon as it passes a limit.
 */
export interface AnkiLimits {
  /** Entries in the ZIP: a collection and one per media file. */
  maxEntries: number;
  /** The collection's inflated bytes (an SQLite file). */
  maxCollectionBytes: number;
  /** The media list's inflated bytes (about 40 bytes a file). */
  maxMediaListBytes: number;
  /** Counted in the collection before any card is read. */
  maxCards: number;
  /** One picture kept with its cards; a larger one is told as left out. */
  maxImageBytes: number;
  /** The pictures kept from one package, in all. */
  maxImagesTotalBytes: number;
  /** Inflated bytes per compressed byte past which a large entry is a bomb (as for DOCX). */
  maxRatio: number;
  ratioFloorBytes: number;
}

export const ANKI_LIMITS: Readonly<AnkiLimits> = {
  maxEntries: 50_000,
  maxCollectionBytes: 256 * MB,
  maxMediaListBytes: 16 * MB,
  maxCards: 100_000,
  maxImageBytes: 1 * MB,
  maxImagesTotalBytes: 20 * MB,
  maxRatio: 200,
  ratioFloorBytes: 4 * MB,
};
