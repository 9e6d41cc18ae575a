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
