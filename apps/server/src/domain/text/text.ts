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

/** Visible text of an HTML fragment: tags dropped, block ends become line breaks. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<\/(p|div|li|h[1-6]|tr|br)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
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

const MATH = /\$\$[\s\S]+?\$\$|\$[^$\n]+?\$|\\\[[\s\S]+?\\\]|\\\([\s\S]+?\\\)/g;

/** Math spans ($...$, $$...$$, \(...\), \[...\]) exactly as written. */
export function findMath(text: string): string[] {
  return text.match(MATH) ?? [];
}

/**
 * Sentences of a text (Intl.Segmenter), with math spans kept whole: a period inside a formula
 * never ends a sentence.
 */
export function splitSentences(text: string, locale = 'en'): string[] {
  const spans: string[] = [];
  const masked = text.replace(MATH, (m) => `\uE000${spans.push(m) - 1}\uE001`);
  const segmenter = new Intl.Segmenter(locale, { granularity: 'sentence' });
  const out: string[] = [];
  for (const paragraph of masked.split(/\n{2,}|\n(?=\s*[-*#\d])/)) {
    for (const { segment } of segmenter.segment(paragraph)) {
      const s = segment
        .replace(/\uE000(\d+)\uE001/g, (_, i: string) => spans[Number(i)] ?? '')
        .replace(/^\s*(?:[-*+]|\d+[.)]|#+)\s+/, '')
        .replace(/\s+/g, ' ')
        .trim();
      if (s.length > 0) out.push(s);
    }
  }
  return out;
}

const STOPWORDS = new Set(
  `a an the and or but if then else of to in on at by for with from as is are was were be been
  being this that these those it its into over under about between through during before after
  above below up down out off again further once here there when where why how all any both each
  few more most other some such no nor not only own same so than too very can will just should now
  also may might must shall would could do does did doing have has had having i you he she we they
  them their our your his her my me us what which who whom whose one two use used using`
    .split(/\s+/)
    .filter(Boolean),
);

/** Lower-case content words of a text, stop words and very short words left out. */
export function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? []).filter(
    (w) => w.length > 2 && !STOPWORDS.has(w),
  );
}

/** Markdown headings (`# Title`) and underlined headings of a text, in order. */
export function findHeadings(text: string): string[] {
  const out: string[] = [];
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    const md = line.match(/^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/);
    if (md?.[1]) out.push(md[1].trim());
    else if (
      /^\s*(=+|-+)\s*$/.test(lines[i + 1] ?? '') &&
      line.trim().length > 0 &&
      line.trim().length < 120
    ) {
      out.push(line.trim());
    }
  });
  return out;
}
