import { type ClozeNode, parseCloze, renderCloze } from './cloze.js';
import type { NoteTypeInfo } from './collection-model.js';
import { type FieldText, fieldText } from './field-text.js';

/** How a note type's cards are read. */
export type NoteTypeRule =
  /** Front and back fields, and a reverse card (template 1) with the two the other way. */
  | { kind: 'basic' }
  /** Any other normal type: the first two fields for every card (told as a warning). */
  | { kind: 'other' }
  /** Cloze: the fields its template deletes in, and the Extra field (-1: none). */
  | { kind: 'cloze'; clozeFields: number[]; extraField: number };

/** A card's two sides as text, with what they name. */
export interface CardSides {
  front: FieldText;
  back: FieldText;
}

/**
 * How a note type's cards are read. Basic-like is a normal type of at most two fields and two
 * templates (Basic, Basic (and reversed card), Basic (type in the answer), ...): with more,
 * the templates could show anything.
 */
export function noteTypeRule(type: NoteTypeInfo): NoteTypeRule {
  if (type.cloze) {
    const clozeFields = clozeFieldsOf(type);
    return { kind: 'cloze', clozeFields, extraField: extraFieldOf(type, clozeFields) };
  }
  return type.fieldNames.length <= 2 && type.templates.length <= 2
    ? { kind: 'basic' }
    : { kind: 'other' };
}

/** The field named Extra (or Back Extra), else the second one if no deletion is in it. */
function extraFieldOf(type: NoteTypeInfo, clozeFields: number[]): number {
  const named = type.fieldNames.findIndex((n) => /^(?:back )?extra$/i.test(n.trim()));
  if (named >= 0 && !clozeFields.includes(named)) return named;
  return type.fieldNames.length >= 2 && !clozeFields.includes(1) ? 1 : -1;
}

/** The fields named by `{{cloze:Name}}` (filters before it too) in the first template. */
function clozeFieldsOf(type: NoteTypeInfo): number[] {
  const qfmt = type.templates[0]?.qfmt ?? '';
  const found: number[] = [];
  for (const m of qfmt.matchAll(/\{\{([^{}]{1,200})\}\}/g)) {
    const parts = (m[1] ?? '').split(':').map((p) => p.trim());
    if (parts.length < 2 || !parts.slice(0, -1).includes('cloze')) continue;
    const index = type.fieldNames.indexOf(parts[parts.length - 1] ?? '');
    if (index >= 0 && !found.includes(index)) found.push(index);
  }
  return found.length > 0 ? found : [0];
}

/**
 * One note's fields read once for all its cards (a note of Basic (and reversed card) has two,
 * a cloze note one per deletion).
 */
export class NoteSides {
  private readonly texts = new Map<number, FieldText>();
  private readonly clozes = new Map<number, ClozeNode[]>();
  private clozeBack: FieldText | undefined;

  constructor(
    private readonly rule: NoteTypeRule,
    private readonly fields: string[],
  ) {}

  /** The card of template (or cloze) number `ord`. */
  card(ord: number): CardSides {
    if (this.rule.kind === 'cloze') return this.clozeCard(ord, this.rule);
    const reverse = this.rule.kind === 'basic' && ord === 1;
    const front = this.text(reverse ? 1 : 0);
    const back = this.text(reverse ? 0 : 1);
    return { front, back };
  }

  private text(index: number): FieldText {
    let t = this.texts.get(index);
    if (!t) {
      t = fieldText(this.fields[index] ?? '');
      this.texts.set(index, t);
    }
    return t;
  }

  private cloze(index: number): ClozeNode[] {
    let nodes = this.clozes.get(index);
    if (!nodes) {
      nodes = parseCloze(this.fields[index] ?? '');
      this.clozes.set(index, nodes);
    }
    return nodes;
  }

  /**
   * Card `ord` asks deletion ord + 1. A card whose deletion the text no longer has (Anki calls
   * it empty, and its Empty Cards tool deletes it) shows the text with nothing hidden: it is
   * still a card of the collection, with its history.
   */
  private clozeCard(ord: number, rule: { clozeFields: number[]; extraField: number }): CardSides {
    const number = ord + 1;
    const fields = rule.clozeFields.map((i) => this.cloze(i));
    const front = fieldText(joinLines(fields.map((nodes) => renderCloze(nodes, number))));
    if (!this.clozeBack) {
      const full = fieldText(joinLines(fields.map((nodes) => renderCloze(nodes, null))));
      const extra = rule.extraField >= 0 ? this.text(rule.extraField) : undefined;
      this.clozeBack = extra?.text ? appendText(full, extra) : full;
    }
    return { front, back: this.clozeBack };
  }
}

/** Fields shown one under the other; empty ones take no line. */
function joinLines(htmls: string[]): string {
  return htmls.filter((h) => h.trim() !== '').join('<br>');
}

function appendText(a: FieldText, b: FieldText): FieldText {
  const union = (x: string[], y: string[]) => [...new Set([...x, ...y])];
  return {
    text: a.text ? `${a.text}\n${b.text}` : b.text,
    images: union(a.images, b.images),
    sounds: union(a.sounds, b.sounds),
    videos: union(a.videos, b.videos),
  };
}
