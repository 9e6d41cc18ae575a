/**
 * Reads of the planner's arrays at indexes the caller keeps in range (docs/planner.md, Speed).
 *
 * The repository compiles with `noUncheckedIndexedAccess`, which types every `a[i]` as possibly
 * `undefined`; these accessors say once that the index is in range, instead of a cast at every
 * read. There is one per kind of array on purpose: V8 inlines them into the hot loops, and each
 * sees one element kind, so a read costs what `a[i]` costs. A single accessor shared by every
 * kind would see them all, and its inlined reads would take V8's slow generic path (ten times
 * slower in a micro-benchmark).
 */

/** `a[i]` of a Float64Array. */
export function f64(a: Float64Array, i: number): number {
  return a[i] as number;
}

/** `a[i]` of an Int32Array. */
export function i32(a: Int32Array, i: number): number {
  return a[i] as number;
}

/** `a[i]` of an Int16Array (a day's place owners). */
export function i16(a: Int16Array, i: number): number {
  return a[i] as number;
}

/** `a[i]` of a plain array of numbers (the model's, and the passes' results). */
export function num(a: readonly number[], i: number): number {
  return a[i] as number;
}

/**
 * `a[i]` of a number array of any kind: for a parameter that the planner passes typed and a test
 * passes plain (repairGaps, repairRuns). It sees several element kinds, so it stays out of the
 * hot loops, where each kind has its own accessor above.
 */
export function numLike(a: ArrayLike<number>, i: number): number {
  return a[i] as number;
}

/** `a[i]` of a plain array of objects (a subject's pace curve, a day's owners or places). */
export function item<T extends object>(a: readonly T[], i: number): T {
  return a[i] as T;
}

/** `a[i] += x` on a Float64Array. */
export function addTo(a: Float64Array, i: number, x: number): void {
  a[i] = (a[i] as number) + x;
}
