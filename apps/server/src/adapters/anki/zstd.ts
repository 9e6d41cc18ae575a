import { Decompress } from 'fzstd';

/** The inflated bytes passed the cap: a bomb, or a file larger than this reader takes. */
export class ZstdTooLarge extends Error {
  constructor() {
    super('zstd data inflates past its cap');
  }
}

/**
 * Zstandard data inflated under a cap on the real bytes, block by block: past the cap it throws
 * ZstdTooLarge, having kept at most the cap. Damaged data throws fzstd's own error. The window
 * a frame declares is allocated before decoding; a huge one fails as an allocation, which the
 * parser process's memory limit turns into a refusal.
 */
export function inflateZstd(data: Uint8Array, maxBytes: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const stream = new Decompress((chunk) => {
    size += chunk.length;
    if (size > maxBytes) throw new ZstdTooLarge();
    chunks.push(chunk);
  });
  stream.push(data, true);
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
