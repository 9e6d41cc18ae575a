import type { List, ListItem, Nodes, Paragraph, PhrasingContent, RootContent, Table } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { mathFromMarkdown } from 'mdast-util-math';
import { frontmatter } from 'micromark-extension-frontmatter';
import { gfmTable } from 'micromark-extension-gfm-table';
import { math } from 'micromark-extension-math';
import { htmlToText } from './text.js';

/**
 * A student's file read as a document (micromark, the parser under remark: CommonMark, GitHub
 * tables, front matter, math) and written back as the plain Markdown the engine reads line by
 * line: headings, one line per paragraph, `- ` list items under their lead-in, one fact per
 * table row with its column names, formulas as `$…$`. What is structure and not study material
 * is left out: front matter, code blocks, images and Obsidian embeds (`![[…]]`), link-only
 * lines, HTML tags. Reading the notes as lines made cards of YAML keys, table pipes, code and
 * `\frac`.
 *
 * micromark is called directly rather than through remark-parse (the same parser in a wrapper)
 * so that its inline constructs that take quadratic time on hostile text can be turned off:
 * emphasis (`*a` 50,000 times took 55 s), links and images (`[` 100,000 times, 7 s), inline HTML
 * and autolinks. What those would have read is taken out of the text by bounded patterns
 * instead (`inlineText`). The text is also parsed a few kilobytes at a time (`chunks`): the
 * parser's time per character grows with the document (100 kB 0.5 s, 2 MB 25 s in one go).
 */
const EXTENSIONS = {
  extensions: [
    frontmatter(['yaml', 'toml']),
    gfmTable(),
    math(),
    {
      disable: {
        null: [
          'attention',
          'labelStartImage',
          'labelStartLink',
          'labelEnd',
          'htmlText',
          'autolink',
        ],
      },
    },
  ],
  mdastExtensions: [
    frontmatterFromMarkdown(['yaml', 'toml']),
    gfmTableFromMarkdown(),
    mathFromMarkdown(),
  ],
};

// Links and images as written (`[text](url)`, `![alt](src)`), bold and italic markers,
// inline tags and autolinks: each pattern reads a bounded stretch from where it starts, so a
// long run of `[` or `*` costs linear time.
const IMAGE = /!\[[^\][\n]{0,300}\]\([^()\s]{0,2000}(?:\s+"[^"\n]{0,300}")?\)/g;
const LINK = /\[([^\][\n]{0,300})\]\([^()\s]{0,2000}(?:\s+"[^"\n]{0,300}")?\)/g;
// Emphasis opens where a word starts ("snake_case_name" is no emphasis), as CommonMark reads it.
const EMPHASIS =
  /(?<![\p{L}\p{N}\\])(\*{1,3}|_{1,3})(?=[^\s*_])([^*_\n]{1,300}?[^\s*_])\1(?![\p{L}\p{N}])/gu;
// Only the tags notes use inline, with name="value" attributes: "if a<b and b>c" is a
// comparison, not a tag.
const TAG =
  /<\/?(?:a|abbr|b|br|code|del|div|em|font|i|img|ins|kbd|mark|p|s|small|span|strong|sub|sup|u)(?:\s+[\w:-]{1,30}=(?:"[^"\n<>]{0,200}"|'[^'\n<>]{0,200}'|[^\s<>"']{1,200})){0,10} ?\/?>/gi;
const AUTOLINK = /<((?:https?|mailto):[^<>\s]{1,2000})>/g;

function inlineText(text: string): string {
  return text
    .replace(IMAGE, '')
    .replace(LINK, '$1')
    .replace(AUTOLINK, '$1')
    .replace(TAG, ' ')
    .replace(EMPHASIS, '$2');
}

// Obsidian embeds (`![[diagram.png]]`) are images or whole notes: never text. A wiki link
// (`[[note|shown text]]`) reads as its shown text, or the note's name without path or extension.
const EMBED = /!\[\[[^[\]\n]{0,300}\]\]/g;
const WIKI_LINK = /\[\[([^[\]|\n]{0,300})(?:\|([^[\]\n]{0,300}))?\]\]/g;

/** A note's name as a link names it: without its `.md` or the `#section` after it. */
function noteName(link: string): string {
  const hash = link.indexOf('#');
  return (hash < 0 ? link : link.slice(0, hash)).replace(/\.md$/i, '');
}

function wikiText(text: string): string {
  return text
    .replace(EMBED, '')
    .replace(WIKI_LINK, (_, target: string, shown?: string) =>
      noteName(shown ?? target.split('/').at(-1) ?? ''),
    );
}

/** A paragraph's words, wiki links left out: "back to [[kinematics]]" has two. */
function ownWords(text: string): number {
  return (
    text
      .replace(EMBED, '')
      .replace(WIKI_LINK, '')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).length;
}

// A line of links ("Linked: [[dynamics]] · [[forces]]", "back to [[kinematics]]") is
// navigation: fewer own words than this beside its links.
const NAVIGATION_WORDS = 4;

function inline(nodes: readonly PhrasingContent[]): string {
  let out = '';
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
        out += inlineText(node.value);
        break;
      case 'inlineCode':
        out += node.value;
        break;
      case 'inlineMath':
        out += `$${node.value}$`;
        break;
      case 'break':
        out += ' ';
        break;
      // Emphasis, links and images are read by `inlineText`; footnote marks are not words.
      default:
        break;
    }
  }
  return out;
}

/** A paragraph as one line; empty when it is only images, embeds or links to other notes. */
function paragraphLine(node: Paragraph): string {
  const raw = inline(node.children);
  if (/\[\[/.test(raw) && ownWords(raw) < NAVIGATION_WORDS) return '';
  return wikiText(raw).replace(/\s+/g, ' ').trim();
}

function listLines(list: List, depth: number): string[] {
  const out: string[] = [];
  list.children.forEach((item: ListItem, i) => {
    const marker = list.ordered ? `${(list.start ?? 1) + i}.` : '-';
    const indent = '  '.repeat(depth);
    const texts: string[] = [];
    const nested: string[] = [];
    for (const child of item.children) {
      if (child.type === 'list') nested.push(...listLines(child, depth + 1));
      else texts.push(...blockLines(child).filter((l) => l.length > 0));
    }
    const text = texts.join(' ').trim();
    if (text) out.push(`${indent}${marker} ${text}`);
    out.push(...nested);
  });
  return out;
}

// A cell that holds nothing: empty, or a dash or "n/a" standing for nothing.
const EMPTY_CELL = /^(?:|[-–—]+|n\/?a)$/i;

/**
 * A table's body rows as facts: "Glycolysis — site: cytoplasm; ATP per glucose: 2." The first
 * cell names the row; the others say what they are by their column's header.
 */
function tableLines(table: Table): string[] {
  const [head, ...rows] = table.children;
  const headers = (head?.children ?? []).map((c) => wikiText(inline(c.children)).trim());
  return rows.flatMap((row) => {
    const cells = row.children.map((c) => wikiText(inline(c.children)).replace(/\s+/g, ' ').trim());
    const [name, ...rest] = cells;
    // A two-column table pairs its first column with the second ("1932 | Manchukuo is
    // declared"): the header says nothing the pair does not.
    if (name && rest.length === 1 && !EMPTY_CELL.test(rest[0] ?? ''))
      return [`${name}: ${rest[0]}${/[.!?]$/.test(rest[0] ?? '') ? '' : '.'}`];
    const facts = rest.flatMap((cell, i) => {
      if (EMPTY_CELL.test(cell)) return [];
      const header = headers[i + 1];
      return [header ? `${header}: ${cell}` : cell];
    });
    if (!name && facts.length === 0) return [];
    if (facts.length === 0) return [`${name}.`];
    const fact = facts.join('; ');
    return [`${name ? `${name} — ` : ''}${fact}${/[.!?]$/.test(fact) ? '' : '.'}`];
  });
}

function blockLines(node: RootContent | Nodes): string[] {
  switch (node.type) {
    case 'heading': {
      const title = wikiText(inline(node.children)).replace(/\s+/g, ' ').trim();
      return title ? [`${'#'.repeat(node.depth)} ${title}`] : [];
    }
    case 'paragraph': {
      const line = paragraphLine(node);
      return line ? [line] : [];
    }
    case 'list':
      return listLines(node, 0);
    case 'table':
      return tableLines(node);
    case 'math':
      return [
        `$$${node.value
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean)
          .join(' ')}$$`,
      ];
    case 'blockquote':
    case 'footnoteDefinition':
      return node.children.flatMap((c) => blockLines(c));
    case 'html': {
      const text = htmlToText(node.value).replace(/\s+/g, ' ').trim();
      return text ? [text] : [];
    }
    // Code, front matter, rules and link definitions hold no sentences to learn.
    default:
      return [];
  }
}

// A chunk ends at the first blank line past this many characters; a block longer than the
// limit is cut at a line end (a table row, a paragraph's line).
const CHUNK_CHARS = 8_000;
const MAX_BLOCK_CHARS = 16_000;
// Likewise in lines: the parser's time per line grows with the lines of its block (a paragraph
// of 8,000 one-letter lines took 0.3 s).
const CHUNK_LINES = 100;
const MAX_BLOCK_LINES = 300;
// Front matter longer than this is not front matter a note-taking app writes.
const MAX_FRONT_MATTER = 10_000;
// Containers opened on one line ("> > - 1. x"): deeper nesting costs the parser quadratic time
// (5,000 list markers on a line took 18 s) and is no note's structure.
const MAX_NESTING = 6;
const CONTAINER = /^ {0,3}(?:>|[-*+](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))[ \t]?/;

/** A line with at most MAX_NESTING container markers at its start. */
function clampNesting(line: string): string {
  let rest = line;
  let kept = '';
  for (let depth = 0; ; depth++) {
    const m = CONTAINER.exec(rest);
    if (!m) return kept + rest;
    if (depth < MAX_NESTING) kept += m[0];
    rest = rest.slice(m[0].length);
    if (m[0].length === 0) return kept + rest;
  }
}

/**
 * Where a line that starts at `at` and ends at `end` is cut so no piece is longer than a block:
 * after the last sentence end (". ") in its last quarter, else the last space, else anywhere.
 */
function lineCut(text: string, at: number, end: number): number {
  if (end - at <= MAX_BLOCK_CHARS) return end;
  const limit = at + MAX_BLOCK_CHARS;
  const sentence = text.lastIndexOf('. ', limit);
  if (sentence > limit - MAX_BLOCK_CHARS / 4) return sentence + 2;
  const space = text.lastIndexOf(' ', limit);
  return space > at ? space + 1 : limit;
}

/**
 * The text in pieces to parse one by one: cut at blank lines outside code fences and display
 * math, so no block is split but a longer one; the front matter stays in the first.
 */
function chunks(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  if (text.startsWith('---\n') || text.startsWith('+++\n')) {
    const fence = text.slice(0, 3);
    const close = text.indexOf(`\n${fence}`, 3);
    if (close > 0 && close < MAX_FRONT_MATTER)
      start = text.indexOf('\n', close + 1) + 1 || text.length;
  }
  let current = text.slice(0, start);
  let fence = '';
  let lines = 0;
  for (let at = start; at < text.length; ) {
    const end = text.indexOf('\n', at);
    const lineEnd = lineCut(text, at, end < 0 ? text.length : end + 1);
    const line = clampNesting(text.slice(at, lineEnd));
    at = lineEnd;
    const marker = /^ {0,3}(`{3,}|~{3,}|\$\$)/.exec(line)?.[1];
    if (marker && (!fence || marker.startsWith(fence))) fence = fence ? '' : marker;
    const blank = line.trim().length === 0;
    if (
      (blank && !fence && (current.length >= CHUNK_CHARS || lines >= CHUNK_LINES)) ||
      current.length >= MAX_BLOCK_CHARS ||
      lines >= MAX_BLOCK_LINES
    ) {
      out.push(current);
      current = '';
      lines = 0;
      if (fence && !blank) current += `${fence}\n`;
    }
    current += line;
    lines++;
  }
  if (current.trim()) out.push(current);
  return out;
}

// What the parser costs, in microseconds, measured on hostile text at 2 MB: a line (one-letter
// lines: 29 µs each), a markup character (a run of backslashes or `[`: 11-19 µs each), any other
// character (notes: 2.5 µs). A file is parsed while its chunks' estimated cost stays under the
// budget; the rest is kept as written, as the line readers took every file before. Deterministic,
// unlike a clock: the same file always gives the same text.
const COST = { line: 30, markup: 15, char: 2.5 } as const;
const PARSE_BUDGET_US = 2_000_000;
const MARKUP = /[[\]\\`*_&<>|$#!>=~-]/g;

function parseCost(chunk: string): number {
  const lines = chunk.split('\n').length;
  const markup = chunk.match(MARKUP)?.length ?? 0;
  return lines * COST.line + markup * COST.markup + chunk.length * COST.char;
}

// A table-of-contents line: a title, then a tab or a dot leader, then a page number. Only
// lines this short are tried, so the pattern's backtracking stays bounded.
const CONTENTS_LINE = /^(?=.{3,200}$).*\S(?:\t+|\s*\.{3,}\s*|\s*…+\s*)\d{1,4}\s*$/;
const CONTENTS_TITLE_WORDS = 3;

/**
 * The text without its tables of contents: a run of two or more contents lines (blank lines
 * between them allowed) and the short title line above it ("Contents", "Índice"). A Word file's
 * table of contents otherwise became cards whose answer is a page number.
 */
function withoutContents(text: string): string {
  const lines = text.split('\n');
  const drop = new Uint8Array(lines.length);
  for (let i = 0; i < lines.length; ) {
    if (!CONTENTS_LINE.test(lines[i] ?? '')) {
      i++;
      continue;
    }
    let end = i;
    let count = 0;
    for (let j = i; j < lines.length; j++) {
      const line = lines[j] ?? '';
      if (CONTENTS_LINE.test(line)) {
        count++;
        end = j;
      } else if (line.trim()) break;
    }
    if (count >= 2) {
      drop.fill(1, i, end + 1);
      let above = i - 1;
      while (above >= 0 && !lines[above]?.trim()) above--;
      const title = lines[above]?.trim() ?? '';
      if (
        above >= 0 &&
        !/[.!?:;]$/.test(title) &&
        title.split(/\s+/).length <= CONTENTS_TITLE_WORDS
      )
        drop[above] = 1;
    }
    i = end + 1;
  }
  return lines.filter((_, i) => !drop[i]).join('\n');
}

/**
 * The reading of a document that `studyText` gives, stored with each file's text. Raise it when
 * studyText reads documents differently: the files stored under an older one are read again
 * from their stored text (features/smart-scheduler/restudy-files.ts). 0 is the text of the
 * files stored before uploads were read as documents.
 */
export const STUDY_TEXT_VERSION = 1;

/**
 * The study text of a file: its Markdown parsed as a document and written back as clean lines
 * (see above). Blocks are separated by a blank line, but a list stays right under the line that
 * leads into it ("There are four conditions for deadlock:"), so the two are read as one passage.
 */
export function studyText(markdown: string): string {
  const parts: string[] = [];
  let previous = '';
  let budget = PARSE_BUDGET_US;
  for (const chunk of chunks(withoutContents(markdown.replaceAll('\r\n', '\n')))) {
    budget -= parseCost(chunk);
    if (budget < 0) {
      parts.push(parts.length > 0 ? '\n\n' : '', chunk.trim());
      continue;
    }
    for (const node of fromMarkdown(chunk, EXTENSIONS).children) {
      const lines = blockLines(node);
      if (lines.length === 0) continue;
      const leadIn = node.type === 'list' && previous.endsWith(':');
      if (parts.length > 0) parts.push(leadIn ? '\n' : '\n\n');
      parts.push(lines.join('\n'));
      previous = lines.at(-1) ?? '';
    }
  }
  return parts.join('');
}
