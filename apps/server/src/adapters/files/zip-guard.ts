import yauzl from 'yauzl';

/**
 * Limits on a DOCX archive. The central directory is only a claim: entries are inflated as
 * streams and their real bytes counted, so an archive that lies about its sizes is refused as
 * soon as it passes a limit, with little memory spent.
 */
export const ZIP_LIMITS = {
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
} as const;

/** The parts of a Word document that hold text and structure; media are never inflated. */
const wanted = (name: string) => /\.(?:xml|rels)$/i.test(name) && !name.startsWith('word/media/');

/** Why an archive was refused, as the code of the notice that tells the student. */
export type ZipRefusal = 'file_archive_damaged' | 'file_archive_too_many_entries' | 'file_zip_bomb';
export type ZipParts = { ok: true; parts: Map<string, Buffer> } | { ok: false; reason: ZipRefusal };

const DAMAGED = 'file_archive_damaged';
const BOMB = 'file_zip_bomb';

/**
 * The XML parts of a ZIP archive, inflated under hard byte caps. yauzl checks each entry's
 * real size against its declared one while streaming, and every chunk is counted here.
 */
export function readZipParts(data: Buffer, limits = ZIP_LIMITS): Promise<ZipParts> {
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
        let total = 0;
        zip.on('error', () => finish({ ok: false, reason: DAMAGED }, zip));
        zip.on('end', () => finish({ ok: true, parts }, zip));
        zip.on('entry', (entry: yauzl.Entry) => {
          const name = entry.fileName;
          if (!wanted(name) || name.endsWith('/') || parts.has(name)) return zip.readEntry();
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
