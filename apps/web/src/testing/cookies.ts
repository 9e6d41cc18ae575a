/** Gives the test document the XSRF cookie the server would have set. */
export function setXsrfCookie(value = 'test-token'): void {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API; tests set it by hand
  document.cookie = `XSRF-TOKEN=${value}`;
}
