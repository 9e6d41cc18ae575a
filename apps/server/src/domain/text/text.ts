/** Plain-text helpers for the builtin AI engine; pure, no I/O. */

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

interface Span {
  start: number;
  end: number;
}

/** A closing delimiter: a literal, or a global regex. */
type Delimiter = string | RegExp;

/**
 * Finds, for a start position that never moves back, the first `close` at or after it; a match
 * found earlier is reused while it still lies ahead, and a miss is final. So each part of the
 * text is searched once, where a lazy `open[\s\S]*?close` regex searches the rest of the text
 * again from every opening that has no close (quadratic on `<script` repeated).
 */
function forwardSearch(text: string, close: Delimiter): (from: number) => Span | undefined {
  let last: Span | undefined | null = null;
  return (from) => {
    if (last === undefined) return undefined;
    if (last !== null && last.start >= from) return last;
    if (typeof close === 'string') {
      const at = text.indexOf(close, from);
      last = at < 0 ? undefined : { start: at, end: at + close.length };
    } else {
      close.lastIndex = from;
      const m = close.exec(text);
      last = m ? { start: m.index, end: close.lastIndex } : undefined;
    }
    return last;
  };
}

/**
 * Replaces every span that runs from a match of the global regex `open` through the first
 * `close` after it, as `text.replace(/open[\s\S]*?close/g, replacement)` would, in linear time.
 * `close` may depend on the opening: a record keyed by its group 1, lower-cased.
 */
export function replaceSpans(
  text: string,
  open: RegExp,
  close: Delimiter | Record<string, Delimiter>,
  replacement: string | ((span: string) => string),
): string {
  const searches = new Map<string, (from: number) => Span | undefined>();
  const searchFor = (key: string, delimiter: Delimiter) => {
    let search = searches.get(key);
    if (!search) {
      search = forwardSearch(text, delimiter);
      searches.set(key, search);
    }
    return search;
  };
  const single = typeof close === 'string' || close instanceof RegExp;
  const closes: Record<string, Delimiter> = single ? { '': close } : close;
  const unclosed = new Set<string>();
  const parts: string[] = [];
  let kept = 0;
  open.lastIndex = 0;
  for (let m = open.exec(text); m; m = open.exec(text)) {
    if (m[0] === '') {
      open.lastIndex++;
      continue;
    }
    const key = single ? '' : (m[1] ?? '').toLowerCase();
    const delimiter = closes[key];
    if (delimiter === undefined || unclosed.has(key)) continue;
    const end = searchFor(key, delimiter)(open.lastIndex);
    if (!end) {
      // No later opening can close either; nor can one of any kind whose close is missing from
      // here on, and when that is every kind the scan is over.
      for (const [other, otherClose] of Object.entries(closes))
        if (!unclosed.has(other) && !searchFor(other, otherClose)(open.lastIndex))
          unclosed.add(other);
      if (unclosed.size === Object.keys(closes).length) break;
      continue;
    }
    const span = text.slice(m.index, end.end);
    parts.push(
      text.slice(kept, m.index),
      typeof replacement === 'string' ? replacement : replacement(span),
    );
    kept = end.end;
    open.lastIndex = kept;
  }
  parts.push(text.slice(kept));
  return parts.join('');
}

/** Visible text of an HTML fragment: tags dropped, block ends become line breaks. */
export function htmlToText(html: string): string {
  const withoutScripts = replaceSpans(
    html,
    /<(script|style)/gi,
    { script: /<\/script>/gi, style: /<\/style>/gi },
    ' ',
  );
  const withBreaks = withoutScripts.replace(/<\/(p|div|li|h[1-6]|tr|br)>|<br\s*\/?>/gi, '\n');
  return replaceSpans(withBreaks, /</g, '>', ' ')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (m, e: string) => {
      if (e.startsWith('#x') || e.startsWith('#X'))
        return String.fromCodePoint(Number.parseInt(e.slice(2), 16));
      if (e.startsWith('#')) return String.fromCodePoint(Number.parseInt(e.slice(1), 10));
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n\n')
    .trim();
}

/**
 * Math spans of a text, as `/\$\$[\s\S]+?\$\$|\$[^$\n]+?\$|\\\[[\s\S]+?\\\]|\\\([\s\S]+?\\\)/g`
 * finds them, read in one forward pass: that regex rescans the rest of the text from every
 * opening without a close.
 */
function mathSpans(text: string): Span[] {
  const display = forwardSearch(text, '$$');
  const dollar = forwardSearch(text, '$');
  const newline = forwardSearch(text, '\n');
  const bracket = forwardSearch(text, '\\]');
  const paren = forwardSearch(text, '\\)');
  const out: Span[] = [];
  for (let start = 0; start < text.length; start++) {
    const c = text[start];
    const next = text[start + 1];
    let end: number | undefined;
    // Content is at least one character, so each close is searched for past it.
    if (c === '$') {
      if (next === '$') end = display(start + 3)?.end;
      else {
        const close = dollar(start + 1);
        const lineEnd = newline(start + 1);
        if (close && close.start >= start + 2 && (!lineEnd || close.start < lineEnd.start))
          end = close.end;
      }
    } else if (c === '\\' && next === '[') end = bracket(start + 3)?.end;
    else if (c === '\\' && next === '(') end = paren(start + 3)?.end;
    if (end !== undefined) {
      out.push({ start, end });
      start = end - 1;
    }
  }
  return out;
}

/** Math spans ($...$, $$...$$, \(...\), \[...\]) exactly as written. */
export function findMath(text: string): string[] {
  return mathSpans(text).map((s) => text.slice(s.start, s.end));
}

/** The text with each math span replaced by `replacement(span, index)`. */
export function replaceMath(
  text: string,
  replacement: (math: string, index: number) => string,
): string {
  const parts: string[] = [];
  let kept = 0;
  mathSpans(text).forEach((s, i) => {
    parts.push(text.slice(kept, s.start), replacement(text.slice(s.start, s.end), i));
    kept = s.end;
  });
  parts.push(text.slice(kept));
  return parts.join('');
}

// Intl.Segmenter (Node 20) spends time proportional to the whole string on every segment it
// yields, which is quadratic on a long paragraph of short sentences: 64,000 five-letter
// sentences take 30 s. So it is given a few lines at a time (a line break always ends a
// sentence), and a long line a window at a time. Of a window's sentences all but the last two
// are kept: where the last one starts can depend on text past the window ("p. 4) cell" does
// not end at "p."), but the one before it ends with a full stop of its own, which bounds that
// look-ahead.
const SENTENCE_WINDOW = 256;

/** Sentences of a text that ends where a sentence must: at a line break or the end. */
function* chunkSentences(segmenter: Intl.Segmenter, text: string): Generator<string> {
  let start = 0;
  let size = SENTENCE_WINDOW;
  while (start < text.length) {
    const end = Math.min(text.length, start + size);
    const found: string[] = [];
    for (const { segment } of segmenter.segment(text.slice(start, end))) {
      found.push(segment);
      // A widened window is read only as far as it must be, as each step costs the window.
      if (size > SENTENCE_WINDOW && found.length === 3) break;
    }
    if (end < text.length) {
      if (found.length < 3) {
        size *= 2;
        continue;
      }
      found.length -= 2;
    }
    for (const sentence of found) {
      yield sentence;
      start += sentence.length;
    }
    size = SENTENCE_WINDOW;
  }
}

function* textSentences(segmenter: Intl.Segmenter, text: string): Generator<string> {
  let chunkStart = 0;
  for (let lineStart = 0; lineStart < text.length; ) {
    const lineBreak = text.indexOf('\n', lineStart);
    const lineEnd = lineBreak < 0 ? text.length : lineBreak + 1;
    if (lineEnd - chunkStart > SENTENCE_WINDOW && lineStart > chunkStart) {
      yield* chunkSentences(segmenter, text.slice(chunkStart, lineStart));
      chunkStart = lineStart;
    }
    lineStart = lineEnd;
  }
  yield* chunkSentences(segmenter, text.slice(chunkStart));
}

/**
 * Sentences of a text (Intl.Segmenter), with math spans kept whole: a period inside a formula
 * never ends a sentence.
 */
export function splitSentences(text: string, locale = 'en'): string[] {
  const spans: string[] = [];
  const masked = replaceMath(text, (m) => `\uE000${spans.push(m) - 1}\uE001`);
  const segmenter = new Intl.Segmenter(locale, { granularity: 'sentence' });
  const out: string[] = [];
  for (const segment of textSentences(segmenter, masked)) {
    const s = segment
      .replace(/\uE000(\d+)\uE001/g, (_, i: string) => spans[Number(i)] ?? '')
      .replace(/^\s*(?:[-*+]|\d+[.)]|#+)\s+/, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (s.length > 0) out.push(s);
  }
  return out;
}

/**
 * The text without the run of characters at its end that each match `char`, a one-character
 * class without the g flag. A loop, since `/[...]+$/` backtracks quadratically on a long run
 * that is not at the end.
 */
export function trimEndMatching(text: string, char: RegExp): string {
  let end = text.length;
  while (end > 0 && char.test(text[end - 1] as string)) end--;
  return text.slice(0, end);
}

const MAX_HEADING_LINE = 500;
const SPACE = /\s/;
const LINE_END = /[\n\r\u2028\u2029]/;
const isSpace = (c: string | undefined) => c !== undefined && SPACE.test(c);

/**
 * Title of a Markdown heading line (`## Title ##`), trimmed (empty for `#  `), or undefined when
 * the line is not one. Same rules as `^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$`, read in one pass: that
 * regex backtracks polynomially (4th degree) on a long run of spaces.
 */
export function markdownHeading(line: string): string | undefined {
  if (line.length > MAX_HEADING_LINE) return undefined;
  let i = 0;
  while (i < 3 && isSpace(line[i])) i++;
  let hashes = 0;
  while (line[i + hashes] === '#') hashes++;
  if (hashes < 1 || hashes > 6) return undefined;
  const afterHashes = i + hashes;
  let start = afterHashes;
  while (isSpace(line[start])) start++;
  if (start === afterHashes) return undefined;
  if (start === line.length) {
    // Only spaces: the title is one of them, which must not end the line (as `.` cannot).
    for (let j = afterHashes + 1; j < line.length; j++)
      if (!LINE_END.test(line[j] as string)) return '';
    return undefined;
  }
  // The title ends before the closing `  ###  `, keeping at least one character.
  let end = line.length;
  while (end > start && isSpace(line[end - 1])) end--;
  while (end > start && line[end - 1] === '#') end--;
  while (end > start && isSpace(line[end - 1])) end--;
  const title = line.slice(start, Math.max(end, start + 1));
  return LINE_END.test(title) ? undefined : title.trim();
}

/** Markdown headings (`# Title`) and underlined headings of a text, in order. */
export function findHeadings(text: string): string[] {
  const out: string[] = [];
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    const md = markdownHeading(line);
    if (md !== undefined) {
      if (md) out.push(md);
    } else if (
      /^\s*(=+|-+)\s*$/.test(lines[i + 1] ?? '') &&
      line.trim().length > 0 &&
      line.trim().length < 120
    ) {
      out.push(line.trim());
    }
  });
  return out;
}
