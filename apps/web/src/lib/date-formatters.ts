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
