/**
 * Loads a URL as a new page (a full navigation, not the router's): nothing of the current
 * page's memory survives, no token, no cached answer. Tests mock this module.
 */
export function loadPage(url: string): void {
  window.location.assign(url);
}
