/**
 * The metrics' whole places of a day (test-only; docs/planner.md, Notes on the metrics): a day
 * of c hours holds floor(c / L) places of L and, when what is left is 1 h or more, one shorter
 * place. Shared by M8's subset sums (metrics.ts) and its integer program (least-cram.ts).
 */

/** The lengths, in half-hours, of the whole places of a day of `hours` with sessions of `L`. */
export function placeLengths(hours: number, L: number): number[] {
  const units = Math.round(L * 2);
  const c = Math.round(hours * 2);
  const lens: number[] = [];
  for (let n = 0; n < Math.floor(c / units); n++) lens.push(units);
  if (c % units >= 2) lens.push(c % units);
  return lens;
}
