import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './vite-precompress.ts';

describe('precompressDir', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes brotli and gzip copies that decompress back to each file, in subfolders too', async () => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, 'assets', 'i18n'), { recursive: true });
    const js = Buffer.from('export const greeting = "hello";\n'.repeat(200));
    const json = Buffer.from(
      JSON.stringify({ plans: { list: { empty: 'No plans yet.' } } }).repeat(60),
    );
    writeFileSync(join(dir, 'assets', 'index-abcdef12.js'), js);
    writeFileSync(join(dir, 'assets', 'i18n', 'en.json'), json);

    const result = await precompressDir(dir);

    expect(result.files).toBe(2);
    for (const [name, original] of [
      ['assets/index-abcdef12.js', js],
      ['assets/i18n/en.json', json],
    ] as const) {
      const br = readFileSync(join(dir, `${name}.br`));
      const gz = readFileSync(join(dir, `${name}.gz`));
      expect(br.length).toBeLessThan(original.length);
      expect(brotliDecompressSync(br).equals(original)).toBe(true);
      expect(gunzipSync(gz).equals(original)).toBe(true);
    }
  });

  it('leaves small files, files that do not shrink and already compressed formats alone', async () => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    const noise = Buffer.alloc(4096);
    for (let i = 0; i < noise.length; i++) noise[i] = Math.floor(Math.random() * 256);
    writeFileSync(join(dir, 'small.js'), 'console.log(1);');
    writeFileSync(join(dir, 'noise.svg'), noise);
    writeFileSync(join(dir, 'font.woff2'), 'a'.repeat(4096));

    const result = await precompressDir(dir);

    expect(result.files).toBe(0);
    for (const name of ['small.js', 'noise.svg', 'font.woff2']) {
      expect(existsSync(join(dir, `${name}.br`)), name).toBe(false);
      expect(existsSync(join(dir, `${name}.gz`)), name).toBe(false);
    }
  });
});
