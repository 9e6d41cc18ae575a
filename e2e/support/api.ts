import type { newStudent } from './browser.js';
import { baseURL } from './browser.js';

/**
 * A small API client for setting up data behind a journey (the journeys themselves go
 * through the screens): keeps cookies, echoes the XSRF token, sends the Bearer token.
 */
export class ApiClient {
  private cookies = new Map<string, string>();
  private token: string | undefined;

  /** `base`: the server's address; by default the one the test run started. */
  constructor(private readonly base?: string) {}

  private async call(method: string, path: string, body?: unknown | FormData): Promise<unknown> {
    const res = await this.send(method, path, body);
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} -> ${res.status}: ${text}`);
    return text ? JSON.parse(text) : undefined;
  }

  /** The status of a request that may well fail (the fuzzer's): it never throws on one. */
  async status(method: string, path: string, body?: unknown | FormData): Promise<number> {
    const res = await this.send(method, path, body);
    await res.arrayBuffer();
    return res.status;
  }

  private async send(method: string, path: string, body?: unknown | FormData): Promise<Response> {
    if (method !== 'GET' && !this.cookies.has('XSRF-TOKEN')) await this.call('GET', '/api/health');
    const headers: Record<string, string> = {};
    if (this.cookies.size)
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET') headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN') ?? '';
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    let payload: string | FormData | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${this.base ?? baseURL()}${path}`, {
      method,
      headers,
      body: payload ?? null,
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) this.cookies.set(name.trim(), value.join('='));
    }
    return res;
  }

  get = <T>(path: string) => this.call('GET', path) as Promise<T>;
  post = <T>(path: string, body?: unknown) => this.call('POST', path, body) as Promise<T>;

  /** The `authorization` header this client sends once logged in, for requests made without it. */
  authorizationHeader(): string {
    return this.token ? `Bearer ${this.token}` : '';
  }

  /** A `cookie` header with the CSRF pair this client was handed, as a browser sends it. */
  csrfCookieHeader(): string {
    return ['_csrf', 'XSRF-TOKEN'].map((k) => `${k}=${this.cookies.get(k) ?? ''}`).join('; ');
  }

  async signUp(s: ReturnType<typeof newStudent>): Promise<void> {
    await this.post('/api/authentication/register', s);
    await this.logIn(s.email, s.password);
  }

  async logIn(email: string, password: string): Promise<void> {
    const login = await this.post<{ accessToken: string }>('/api/authentication/login', {
      email,
      password,
    });
    this.token = login.accessToken;
  }
}
