import { vi } from 'vitest';

/**
 * jsdom has no object URLs: fakes them, and catches the link a download clicks (its address,
 * file name, and whether it was in the page when clicked). Undo with `unstubSaving`.
 */
export function stubSaving() {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:studybuddy/1');
  const revokeObjectURL = vi.fn();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  const clicked: { href: string; download: string; inDocument: boolean }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push({
      href: this.getAttribute('href') ?? '',
      download: this.download,
      inDocument: document.body.contains(this),
    });
  });
  return { createObjectURL, revokeObjectURL, clicked };
}

/** Takes the fake object URLs away again (the spy goes with vi.restoreAllMocks). */
export function unstubSaving(): void {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
}
