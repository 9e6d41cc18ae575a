import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Logger, Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Files worth compressing: text, and fonts without compression of their own (not woff/woff2). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|map|webmanifest|ico|ttf|otf|eot)$/;
/**
 * Below this the response headers outweigh what compression saves. Small files are still worth
 * compressing above it: the bundler's runtime helpers (about 700 bytes) load with every screen.
 */
const MIN_BYTES = 256;

/** What precompressDir wrote: the files it compressed and their sizes. */
export interface PrecompressResult {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every
 * compressible file of `dir` and its subfolders, so the server sends them as they are instead
 * of compressing per request. Files under 256 bytes are left alone, and a copy that would not be
 * smaller than its file is not written. The highest levels are affordable: this runs once per
 * build, not once per request.
 */
export async function precompressDir(dir: string): Promise<PrecompressResult> {
  const names = (await readdir(dir, { recursive: true })).filter((n) => COMPRESSIBLE.test(n));
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  await Promise.all(
    names.map(async (name) => {
      const path = join(dir, name);
      if (!(await stat(path)).isFile()) return;
      const data = await readFile(path);
      if (data.length < MIN_BYTES) return;
      const [br, gzipped] = await Promise.all([
        brotli(data, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gz(data, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      let wrote = false;
      if (br.length < data.length) {
        await writeFile(`${path}.br`, br);
        result.brotliBytes += br.length;
        wrote = true;
      }
      if (gzipped.length < data.length) {
        await writeFile(`${path}.gz`, gzipped);
        result.gzipBytes += gzipped.length;
        wrote = true;
      }
      if (wrote) {
        result.files += 1;
        result.bytes += data.length;
      }
    }),
  );
  return result;
}

/** Vite plugin: precompresses the build's output once it is written (`vite build` only). */
export function precompress(): Plugin {
  let outDir = 'dist';
  let logger: Logger | undefined;
  return {
    name: 'studybuddy-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    // closeBundle, not writeBundle: the public folder's files are in outDir by then too.
    async closeBundle() {
      const r = await precompressDir(outDir);
      const kb = (n: number) => `${(n / 1024).toFixed(0)} kB`;
      logger?.info(
        `precompressed ${r.files} files (${kb(r.bytes)}): ${kb(r.brotliBytes)} brotli, ${kb(r.gzipBytes)} gzip`,
      );
    },
  };
}
