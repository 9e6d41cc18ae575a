/**
 * The student's key topics as a list, the one way the server (topics of a plan) and the browser
 * (the wizard's estimate of hours needed) read them.
 */

/** Longest topic name kept; a longer one is cut with an ellipsis. */
export const KEY_TOPIC_MAX_NAME = 120;
const MAX_NAME = KEY_TOPIC_MAX_NAME;

/**
 * Parts of a line between commas, but not at a comma inside parentheses ("Series (power,
 * Taylor)"): one whose next parenthesis to the right closes. Read from the right in one pass,
 * since the lookahead `,(?![^()]*\))` rescans from every comma (quadratic on a run of commas).
 */
function splitOnCommas(line: string): string[] {
  const parts: string[] = [];
  let nextParen: string | undefined;
  let end = line.length;
  for (let i = line.length - 1; i >= 0; i--) {
    const c = line[i];
    if (c === '(' || c === ')') nextParen = c;
    else if (c === ',' && nextParen !== ')') {
      parts.push(line.slice(i + 1, end));
      end = i;
    }
  }
  parts.push(line.slice(0, end));
  return parts.reverse();
}

/** The student's key topics as a list: one per line, bullet, semicolon or comma. */
export function splitKeyTopics(keyTopics: string): string[] {
  const byLine = keyTopics
    .split(/\r?\n|;|•|·/)
    .flatMap(splitOnCommas)
    .map((t) =>
      t
        .replace(/^\s*(?:[-*+]|\d+[.)])\s*/, '')
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/[.:]$/, ''),
    )
    .filter((t) => t.length >= 3);
  return byLine.map((t) => (t.length > MAX_NAME ? `${t.slice(0, MAX_NAME - 1).trimEnd()}…` : t));
}
