import yauzl from 'yauzl';

/** Limits checked on the ZIP central directory before anything is inflated (ASVS 5.2.3). */
export const ZIP_LIMITS = {
  maxEntries: 1_000,
  maxTotalUncompressed: 100 * 1024 * 1024,
  maxRatio: 100,
} as const;

/** Why an archive is refused, or undefined when it is within the limits. */
export function checkZip(data: Buffer): Promise<string | undefined> {
  return new Promise((resolve) => {
    yauzl.fromBuffer(data, { lazyEntries: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return resolve('the archive is damaged');
      if (zip.entryCount > ZIP_LIMITS.maxEntries) {
        zip.close();
        return resolve('the archive has too many entries');
      }
      let total = 0;
      zip.on('entry', (entry: yauzl.Entry) => {
        total += entry.uncompressedSize;
        const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
        if (
          total > ZIP_LIMITS.maxTotalUncompressed ||
          (entry.uncompressedSize > 1_000_000 && ratio > ZIP_LIMITS.maxRatio)
        ) {
          zip.close();
          return resolve('the archive unpacks to far more than its size (a zip bomb?)');
        }
        zip.readEntry();
      });
      zip.on('end', () => resolve(undefined));
      zip.on('error', () => resolve('the archive is damaged'));
      zip.readEntry();
    });
  });
}
