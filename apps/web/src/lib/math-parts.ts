/** A piece of a card's or question's text: plain text, or a formula with its `$` delimiters. */
export interface TextPart {
  text: string;
  math: boolean;
  /** Where it starts in the text: a stable key for the piece. */
  start: number;
}

/**
 * The text cut into plain pieces and formulas: `$$…$$`, and `$…$` whose opening `$` is not
 * followed by a space and whose closing `$` is neither preceded by a space nor followed by a
 * digit (Pandoc's rule), so "between $5 and $10" stays text. A `$` without its close is text.
 * One pass with indexOf: its time is linear whatever the text holds.
 */
export function mathParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let plain = 0;
  let at = text.indexOf('$');
  const push = (start: number, end: number, math: boolean) => {
    if (end > start) parts.push({ text: text.slice(start, end), math, start });
  };
  while (at >= 0) {
    let end = -1;
    if (text[at + 1] === '$') {
      const close = text.indexOf('$$', at + 2);
      if (close > at + 2) end = close + 2;
    } else if (text[at + 1] !== undefined && !/\s/.test(text[at + 1] as string)) {
      const close = text.indexOf('$', at + 1);
      if (
        close > at + 1 &&
        !/\s/.test(text[close - 1] as string) &&
        !/\d/.test(text[close + 1] ?? '')
      )
        end = close + 1;
    }
    if (end < 0) {
      at = text.indexOf('$', at + 1);
      continue;
    }
    push(plain, at, false);
    push(at, end, true);
    plain = end;
    at = text.indexOf('$', end);
  }
  push(plain, text.length, false);
  return parts;
}
