import { describe, expect, it } from 'vitest';
import {
  card,
  NOTE_TYPES,
  note,
  oneCardCollection,
  PNG,
} from '../../testing/anki/anki-fixtures.js';
import { buildAnkiPackage, type TestCollection } from '../../testing/anki/anki-package-builder.js';
import { ANKI_LIMITS } from './anki-limits.js';
import type { AnkiFormat } from './anki-read.js';
import { imageMime } from './card-images.js';
import { readAnkiPackage } from './read-package.js';

const NOW = new Date('2026-03-10T12:00:00Z');
const MB = 1024 * 1024;

/** Bytes that sniff as `kind`, `size` long. */
function picture(kind: 'png' | 'jpeg' | 'gif' | 'webp', size = 64): Buffer {
  const bytes = Buffer.alloc(size, 7);
  const head = {
    png: PNG.subarray(0, 8),
    jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    gif: Buffer.from('GIF89a'),
    webp: Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBP')]),
  }[kind];
  head.copy(bytes);
  return bytes;
}

/** One Basic card per front, with the media given. */
function withPictures(fronts: string[], media: TestCollection['media']): TestCollection {
  const c = oneCardCollection(NOW);
  c.notes = fronts.map((f, i) => note(i + 1, NOTE_TYPES.basic.id, `n${i}`, [f, `back ${i}`]));
  c.cards = fronts.map((_, i) => card(i + 1, i + 1, 1, { due: i + 1 }));
  c.media = media;
  return c;
}

describe('imageMime', () => {
  it('knows PNG, JPEG, GIF and WebP by their bytes, and nothing else', () => {
    expect(imageMime(picture('png'))).toBe('image/png');
    expect(imageMime(picture('jpeg'))).toBe('image/jpeg');
    expect(imageMime(picture('gif'))).toBe('image/gif');
    expect(imageMime(picture('webp'))).toBe('image/webp');
    expect(imageMime(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBe(
      undefined,
    );
    expect(imageMime(Buffer.from('GIF8'))).toBe(undefined);
  });
});

describe.each<AnkiFormat>(['anki2', 'anki21b'])('pictures of a %s package', (format) => {
  it('keeps the pictures the cards show, by their bytes, one object for a shared one', async () => {
    const c = withPictures(
      ['<img src="a.png">', '<img src="b.jpg"> and <img src="a.png">', '<img src="my%20c.gif">'],
      [
        { name: 'a.png', bytes: picture('png') },
        { name: 'b.jpg', bytes: picture('jpeg') },
        { name: 'my c.gif', bytes: picture('gif') },
        { name: 'unused.webp', bytes: picture('webp') },
      ],
    );
    const r = await readAnkiPackage(await buildAnkiPackage(c, format), 'p.apkg');
    const [first, second, third] = r.cards;
    expect(first?.images).toEqual([
      { name: 'a.png', mime: 'image/png', base64: picture('png').toString('base64') },
    ]);
    expect(second?.images.map((i) => [i.name, i.mime])).toEqual([
      ['b.jpg', 'image/jpeg'],
      ['a.png', 'image/png'],
    ]);
    expect(second?.images[1]).toBe(first?.images[0]);
    expect(third?.images.map((i) => i.mime)).toEqual(['image/gif']);
    expect(r.warnings).toEqual([]);
  });

  it('leaves out a picture that is missing, or is no picture shown here (SVG)', async () => {
    const c = withPictures(
      [
        '<img src="gone.png"> one',
        '<img src="x.svg"> two',
        '<img src="https://example.org/a.png"> three',
      ],
      [{ name: 'x.svg', bytes: Buffer.from('<svg onload="alert(1)"></svg>') }],
    );
    const r = await readAnkiPackage(await buildAnkiPackage(c, format), 'p.apkg');
    expect(r.cards.every((x) => x.images.length === 0)).toBe(true);
    expect(r.warnings).toEqual([{ code: 'anki_image_missing', count: 3 }]);
  });

  it('leaves out a picture over 1 MB', async () => {
    const c = withPictures(
      ['<img src="big.png"> big', '<img src="small.png"> small'],
      [
        { name: 'big.png', bytes: picture('png', MB + 1) },
        { name: 'small.png', bytes: picture('png') },
      ],
    );
    const r = await readAnkiPackage(await buildAnkiPackage(c, format), 'p.apkg');
    expect(r.cards.map((x) => x.images.length)).toEqual([0, 1]);
    expect(r.warnings).toEqual([{ code: 'anki_image_too_large', count: 1 }]);
  });

  it('keeps pictures up to the total, in the order the cards show them', async () => {
    const c = withPictures(
      ['<img src="1.png"> a', '<img src="2.png"> b', '<img src="3.png"> c'],
      [1, 2, 3].map((n) => ({ name: `${n}.png`, bytes: picture('png', 100) })),
    );
    const limits = { ...ANKI_LIMITS, maxImagesTotalBytes: 250 };
    const r = await readAnkiPackage(await buildAnkiPackage(c, format), 'p.apkg', limits);
    expect(r.cards.map((x) => x.images.map((i) => i.name))).toEqual([['1.png'], ['2.png'], []]);
    expect(r.warnings).toEqual([{ code: 'anki_image_too_large', count: 1 }]);
  });

  it('keeps a card whose only content is a picture', async () => {
    const c = withPictures(['<img src="a.png">'], [{ name: 'a.png', bytes: picture('png') }]);
    c.notes = [note(1, NOTE_TYPES.basic.id, 'pic', ['<img src="a.png">', ''])];
    const r = await readAnkiPackage(await buildAnkiPackage(c, format), 'p.apkg');
    expect(r.cards).toMatchObject([{ front: '', back: '', images: [{ name: 'a.png' }] }]);
  });
});
