/** A login's device as a student recognises it: browser and operating system, when known. */
export interface DeviceLabel {
  browser: string | null;
  os: string | null;
}

// Order matters: Edge, Opera and Samsung Internet also say Chrome; Chrome also says Safari;
// iPads and Android also say Mac OS X or Linux.
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|Chromium|CriOS|HeadlessChrome)\//, 'Chrome'],
  [/^(?=.*\bVersion\/)(?=.*\bSafari\/)/, 'Safari'],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\b(Macintosh|Mac OS X)\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (ua: string, table: ReadonlyArray<[RegExp, string]>) =>
  table.find(([pattern]) => pattern.test(ua))?.[1] ?? null;

/**
 * Reads the common browsers and systems from a User-Agent header. A tiny table, not a full
 * parser: an unknown agent yields nulls and the client shows "unknown device".
 */
export function describeUserAgent(userAgent: string | null | undefined): DeviceLabel {
  const ua = userAgent ?? '';
  return { browser: first(ua, BROWSERS), os: first(ua, SYSTEMS) };
}
