import yauzl from 'yauzl';

/** Limits on reading an archive: its entries, and the real bytes of the entries inflated. */
export interface ZipLimits {
  maxEntries: number;
  /** Real inflated bytes of the entries that are read, in all. */
  maxTotalBytes: number;
  /** Real inflated bytes of one entry. */
  maxEntryBytes: number;
  /** Inflated bytes per compressed byte past which a large entry is a bomb. */
  maxRatio: number;
  /** Entries smaller than this are never judged by their ratio. */
  ratioFloorBytes: number;
}

/**
 * Limits on a DOCX archive. The central directory is only a claim: entries are inflated as
 * streams and their real bytes counted, so an archive that lies about its sizes is refused as
 * soon as it passes a limit, with little memory spent.
 */
export const ZIP_LIMITS: Readonly<ZipLimits> = {
  maxEntries: 1_000,
  /** Real inflated bytes of the parts that are read (XML and relationships), in all. */
  maxTotalBytes: 100 * 1024 * 1024,
  /** Real inflated bytes of one part. */
  maxEntryBytes: 64 * 1024 * 1024,
  /**
   * Inflated bytes per compressed byte past which a large part is a bomb: Word's XML packs
   * about 10:1, a run of one character over 1000:1.
   */
  maxRatio: 200,
  /** Parts smaller than this are never judged by their ratio. */
  ratioFloorBytes: 4 * 1024 * 1024,
};

/**
 * Which entries to inflate, by name and by the inflated size the central directory claims
 * (a claim: the real bytes are counted as they come). Entries it declines are passed over.
 */
export type ZipWanted = (name: string, claimedBytes: number) => boolean;

/** The parts of a Word document that hold text and structure; media are never inflated. */
const wordParts: ZipWanted = (name) =>
  /\.(?:xml|rels)$/i.test(name) && !name.startsWith('word/media/');

/** Why an archive was refused, as the code of the notice that tells the student. */
export type ZipRefusal = 'file_archive_damaged' | 'file_archive_too_many_entries' | 'file_zip_bomb';
export type ZipParts =
  /** `names`: every entry's name, in the archive's order, inflated or not. */
  { ok: true; parts: Map<string, Buffer>; names: string[] } | { ok: false; reason: ZipRefusal };

const DAMAGED = 'file_archive_damaged';
const BOMB = 'file_zip_bomb';

/**
 * The wanted entries of a ZIP archive (by default a Word document's XML parts), inflated under
 * hard byte caps. yauzl checks each entry's real size against its declared one while
 * streaming, and every chunk is counted here.
 */
export function readZipParts(
  data: Buffer,
  limits: Readonly<ZipLimits> = ZIP_LIMITS,
  wanted: ZipWanted = wordParts,
): Promise<ZipParts> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (r: ZipParts, zip?: yauzl.ZipFile) => {
      if (settled) return;
      settled = true;
      zip?.close();
      resolve(r);
    };
    yauzl.fromBuffer(
      data,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false },
      (err, zip) => {
        if (err || !zip) return finish({ ok: false, reason: DAMAGED });
        if (zip.entryCount > limits.maxEntries)
          return finish({ ok: false, reason: 'file_archive_too_many_entries' }, zip);
        const parts = new Map<string, Buffer>();
        const names: string[] = [];
        let total = 0;
        zip.on('error', () => finish({ ok: false, reason: DAMAGED }, zip));
        zip.on('end', () => finish({ ok: true, parts, names }, zip));
        zip.on('entry', (entry: yauzl.Entry) => {
          const name = entry.fileName;
          names.push(name);
          if (name.endsWith('/') || parts.has(name) || !wanted(name, entry.uncompressedSize))
            return zip.readEntry();
          // A claim already over the limit needs no inflating to be refused.
          if (entry.uncompressedSize > limits.maxEntryBytes)
            return finish({ ok: false, reason: BOMB }, zip);
          zip.openReadStream(entry, (e, stream) => {
            if (e || !stream) return finish({ ok: false, reason: DAMAGED }, zip);
            const chunks: Buffer[] = [];
            let size = 0;
            stream.on('data', (chunk: Buffer) => {
              size += chunk.length;
              total += chunk.length;
              const packed =
                size > limits.ratioFloorBytes && size > limits.maxRatio * entry.compressedSize;
              if (size > limits.maxEntryBytes || total > limits.maxTotalBytes || packed) {
                stream.destroy();
                finish({ ok: false, reason: BOMB }, zip);
                return;
              }
              chunks.push(chunk);
            });
            // validateEntrySizes makes a part longer or shorter than declared an error.
            stream.on('error', () => finish({ ok: false, reason: BOMB }, zip));
            stream.on('end', () => {
              if (settled) return;
              parts.set(name, Buffer.concat(chunks, size));
              zip.readEntry();
            });
          });
        });
        zip.readEntry();
      },
    );
  });
}
