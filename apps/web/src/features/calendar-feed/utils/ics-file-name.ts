/** A file name from a plan's name: no path or reserved characters, never empty. */
export function icsFileName(planName: string): string {
  const base = planName
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${base || 'study-plan'}.ics`;
}
