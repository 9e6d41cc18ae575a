export function apiFetch(path: string) {
  return fetch(path);
}
