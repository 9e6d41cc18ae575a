/**
 * Six subject colours cycled by index (orange, sky blue, light green, light coral, lavender,
 * gold; docs/product.md, Constants and limits). They only decorate; the subject's name is
 * always shown as text.
 */
export const SUBJECT_COLOURS = [
  'orange',
  'sky-blue',
  'light-green',
  'light-coral',
  'lavender',
  'gold',
] as const;

export function subjectColour(index: number): (typeof SUBJECT_COLOURS)[number] {
  const n = SUBJECT_COLOURS.length;
  return SUBJECT_COLOURS[((index % n) + n) % n] ?? 'orange';
}

const COLOUR_NAMES: ReadonlySet<string> = new Set(SUBJECT_COLOURS);

/**
 * `base` with its colour modifier on its first class (`base base--orange`); only the subject colours become
 * classes, so a stray value never reaches the class list.
 */
export function subjectColourClass(base: string, colour: string | undefined): string {
  const block = base.split(' ')[0] ?? base;
  return colour && COLOUR_NAMES.has(colour) ? `${base} ${block}--${colour}` : base;
}
