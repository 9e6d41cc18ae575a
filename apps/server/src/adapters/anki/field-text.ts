import { decodeHTML, decodeHTMLAttribute } from 'entities';
import { type Handler, Parser } from 'htmlparser2';

/**
 * An Anki field's HTML read into the plain text StudyBuddy shows, and the media it named. The
 * text is what a browser shows: line breaks where the HTML breaks lines, runs of source
 * whitespace as one space, every tag gone, scripts and styles with their content.
 */
export interface FieldText {
  text: string;
  /** Media names of the pictures (`<img src>`), in order, once each. */
  images: string[];
  /** Media names of the sounds (`[sound:x.mp3]`, `<audio>`), once each. */
  sounds: string[];
  /** Media names of the videos (`[sound:x.mp4]`, `<video>`), once each. */
  videos: string[];
}

/** Elements that end a line before and after them. */
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'center',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tr',
  'ul',
]);

/** Elements dropped with everything inside them: code, styling, players and their fallbacks. */
const DROPPED = new Set([
  'audio',
  'canvas',
  'embed',
  'head',
  'iframe',
  'noscript',
  'object',
  'script',
  'style',
  'svg',
  'template',
  'title',
  'video',
]);

/** Anki plays `[sound:...]` for videos too; these are told apart by their name. */
const VIDEO_NAME = /\.(?:3gp|avi|flv|m4v|mkv|mov|mp4|mpeg|mpg|ogv|webm|wmv)$/i;

/** A sound tag; the name is bounded so a tag never closed costs no more than its length. */
const SOUND_TAG = /\[sound:([^[\]\n]{0,1000})\]/g;

const WHITESPACE_RUN = /[ \t\n\r\f]+/g;

/**
 * Reads one field at a time with one parser, reset between fields: a collection has hundreds
 * of thousands of fields, and a parser made for each was a third of a large package's time.
 */
class FieldReader implements Partial<Handler> {
  private images: string[] = [];
  private sounds = new Set<string>();
  private videos = new Set<string>();
  private out = '';
  // Kept rather than read from `out`: reading a string being appended to would flatten it on
  // every tag, which is quadratic.
  private lineStart = true;
  /** Open dropped elements: their content is skipped. */
  private dropped = 0;
  private pre = 0;
  private readonly parser = new Parser(this, {
    decodeEntities: false,
    lowerCaseTags: true,
    lowerCaseAttributeNames: true,
  });

  read(html: string): FieldText {
    this.images = [];
    this.sounds = new Set();
    this.videos = new Set();
    this.out = '';
    this.lineStart = true;
    this.dropped = 0;
    this.pre = 0;
    // Most fields are plain text: no parser needed.
    if (html.includes('<') || html.includes('&')) {
      this.parser.reset();
      this.parser.end(html);
    } else this.ontext(html);
    return this.finish();
  }

  private append(text: string): void {
    if (!text) return;
    this.out += text;
    this.lineStart = text.endsWith('\n');
  }

  private breakLine(): void {
    if (!this.lineStart) this.append('\n');
  }

  onopentag(name: string, attribs: Record<string, string>): void {
    if (DROPPED.has(name)) {
      // A player names its file, or none (a <source> inside it, not looked into).
      const src = attribs.src ? decodeHTMLAttribute(attribs.src) : '';
      if (this.dropped === 0 && name === 'video')
        this.videos.add(src || `<video>${this.videos.size}`);
      if (this.dropped === 0 && name === 'audio')
        this.sounds.add(src || `<audio>${this.sounds.size}`);
      this.dropped++;
      return;
    }
    if (this.dropped > 0) return;
    if (name === 'br') this.append('\n');
    else if (name === 'img' && attribs.src) {
      const src = decodeHTMLAttribute(attribs.src);
      if (!this.images.includes(src)) this.images.push(src);
    } else if (name === 'td' || name === 'th') {
      if (!this.lineStart) this.append(' ');
    } else if (BLOCKS.has(name)) this.breakLine();
    if (name === 'pre') this.pre++;
  }

  onclosetag(name: string): void {
    if (DROPPED.has(name)) {
      this.dropped = Math.max(0, this.dropped - 1);
      return;
    }
    if (this.dropped > 0) return;
    if (BLOCKS.has(name)) this.breakLine();
    if (name === 'pre') this.pre = Math.max(0, this.pre - 1);
  }

  ontext(raw: string): void {
    if (this.dropped > 0) return;
    // Source whitespace is one space, save in <pre>, whose lines are kept. Entities are decoded
    // after, so a space or tab written as a reference stays as written.
    let text =
      this.pre > 0
        ? raw.replace(/\r\n?/g, '\n').replace(/[ \t\f]+/g, ' ')
        : raw.replace(WHITESPACE_RUN, ' ');
    if (this.lineStart) text = text.replace(/^ +/, '');
    this.append(text.includes('&') ? decodeHTML(text) : text);
  }

  private finish(): FieldText {
    let out = this.out;
    if (out.includes('[sound:')) {
      out = out.replace(SOUND_TAG, (_, name: string) => {
        (VIDEO_NAME.test(name) ? this.videos : this.sounds).add(name);
        return '';
      });
    }
    // Spaces from the source collapse, and none begins or ends a line; a non-breaking space is
    // kept (it is how a space that matters is written in HTML), as a plain space.
    const lines = out.includes('\n') ? out.split('\n') : [out];
    const text = lines
      .map((line) => trimSpaces(line.replace(/ {2,}/g, ' ')))
      .join('\n')
      .trim()
      .replaceAll('\u00a0', ' ');
    return {
      text: mathDelimiters(text),
      images: this.images,
      sounds: [...this.sounds],
      videos: [...this.videos],
    };
  }
}

/**
 * A line without the plain spaces at its ends (not `trim()`, which takes a non-breaking space
 * too; not `/ +$/`, which rescans a run of spaces from every space before the end).
 */
function trimSpaces(line: string): string {
  let start = 0;
  let end = line.length;
  while (start < end && line.charCodeAt(start) === 32) start++;
  while (end > start && line.charCodeAt(end - 1) === 32) end--;
  return line.slice(start, end);
}

const reader = new FieldReader();

/** The field's HTML as plain text, and the media it names. Linear in the HTML's length. */
export function fieldText(html: string): FieldText {
  return reader.read(html);
}

/** Anki's MathJax and LaTeX delimiters and the Markdown ones StudyBuddy renders math with. */
const MATH: [open: string, close: string, inline: boolean][] = [
  ['\\(', '\\)', true],
  ['\\[', '\\]', false],
  ['[$]', '[/$]', true],
  ['[$$]', '[/$$]', false],
];

/**
 * `\(x\)` as `$x$` and `\[x\]` as `$$x$$` (and Anki's `[$]`/`[$$]`). One indexOf scan per
 * delimiter, so the time is linear whatever the text holds; an opener never closed stays.
 */
export function mathDelimiters(text: string): string {
  let result = text;
  for (const [open, close, inline] of MATH) {
    if (!result.includes(open)) continue;
    const mark = inline ? '$' : '$$';
    let out = '';
    let at = 0;
    for (;;) {
      const start = result.indexOf(open, at);
      if (start < 0) break;
      const end = result.indexOf(close, start + open.length);
      if (end < 0) break;
      out += `${result.slice(at, start)}${mark}${result.slice(start + open.length, end)}${mark}`;
      at = end + close.length;
    }
    result = out + result.slice(at);
  }
  return result;
}
