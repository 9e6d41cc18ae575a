/**
 * SPEC.md section 9: six subject colours cycled by index (orange, sky blue, light green, light
 * coral, lavender, gold). They only decorate; the subject's name is always shown as text.
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
