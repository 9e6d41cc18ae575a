/**
 * Anki's cloze deletions, `{{c1::text}}` and `{{c1::text::hint}}`, nested ones included
 * (`{{c1::a {{c2::b}}}}`, Anki 2.1.56+) and several numbers at once (`{{c1,2::text}}`, 23.10+).
 * Read from the field's HTML, before the HTML is read into text.
 */

export type ClozeNode = string | Cloze;

interface Cloze {
  numbers: number[];
  content: ClozeNode[];
  /** The hint's HTML, after the second `::`; null without one. */
  hint: string | null;
}

const OPEN = /\{\{c(\d+(?:,\d+)*)::/y;

/** Deletions nested deeper than this are text: rendering recurses once per level. */
const MAX_NESTING = 32;

interface Frame {
  cloze: Cloze;
  /** Where its `{{c` stands, and how long the list it goes into was then. */
  start: number;
  into: ClozeNode[];
  intoLength: number;
  inHint: boolean;
}

/**
 * The field's HTML as text and deletions, in one scan: the next place of each marker is kept
 * and looked up again only once passed, so the time is linear. A deletion never closed stays
 * as written, as Anki shows it.
 */
export function parseCloze(html: string): ClozeNode[] {
  const root: ClozeNode[] = [];
  const stack: Frame[] = [];
  const find = (marker: string, from: number) => {
    const i = html.indexOf(marker, from);
    return i < 0 ? Number.POSITIVE_INFINITY : i;
  };
  const add = (node: ClozeNode) => {
    const top = stack[stack.length - 1];
    if (!top) root.push(node);
    else if (top.inHint) top.cloze.hint = (top.cloze.hint ?? '') + renderCloze([node], null);
    else top.cloze.content.push(node);
  };
  let at = 0;
  let textStart = 0;
  const text = (end: number) => {
    if (end > textStart) add(html.slice(textStart, end));
  };
  let nextOpen = find('{{c', 0);
  let nextClose = find('}}', 0);
  let nextHint = find('::', 0);
  for (;;) {
    if (nextOpen < at) nextOpen = find('{{c', at);
    if (nextClose < at) nextClose = find('}}', at);
    if (nextHint < at) nextHint = find('::', at);
    const top = stack[stack.length - 1];
    const i = top
      ? Math.min(nextOpen, nextClose, top.inHint ? Number.POSITIVE_INFINITY : nextHint)
      : nextOpen;
    if (i === Number.POSITIVE_INFINITY) break;
    if (i === nextOpen) {
      OPEN.lastIndex = i;
      const opened = OPEN.exec(html);
      if (!opened || stack.length >= MAX_NESTING) {
        // `{{c` that opens nothing ("{{cat}}"), or one nested too deep: text.
        at = i + 1;
        continue;
      }
      text(i);
      const numbers = (opened[1] ?? '').split(',').map(Number);
      const into = top ? top.cloze.content : root;
      stack.push({
        cloze: { numbers, content: [], hint: null },
        start: i,
        into,
        intoLength: into.length,
        inHint: false,
      });
      at = textStart = OPEN.lastIndex;
    } else if (top && i === nextClose) {
      text(i);
      stack.pop();
      add(top.cloze);
      at = textStart = i + 2;
    } else if (top) {
      text(i);
      top.inHint = true;
      at = textStart = i + 2;
    }
  }
  const unclosed = stack[0];
  if (unclosed) {
    unclosed.into.length = unclosed.intoLength;
    unclosed.into.push(html.slice(unclosed.start));
  } else {
    text(html.length);
  }
  return root;
}

/**
 * The HTML a card shows: on the question side (`ask` the card's deletion number) that deletion
 * as `[...]` or `[hint]` and the others as their text; on the answer side (`ask` null) every
 * deletion as its text.
 */
export function renderCloze(nodes: ClozeNode[], ask: number | null): string {
  let out = '';
  for (const n of nodes) {
    if (typeof n === 'string') out += n;
    else if (ask !== null && n.numbers.includes(ask)) out += `[${n.hint ?? '...'}]`;
    else out += renderCloze(n.content, ask);
  }
  return out;
}
