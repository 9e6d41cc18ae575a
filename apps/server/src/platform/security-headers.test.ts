import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers.js';
import { isApiPath } from './spa.js';

describe('security headers', () => {
  it('are helmet’s for our policy, computed once, with HSTS and upgrades only behind HTTPS', () => {
    const { document } = securityHeaders(false);
    expect(document).toMatchObject({
      'content-security-policy':
        "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data:;font-src 'self' data:;connect-src 'self';worker-src 'self';manifest-src 'self';object-src 'none';base-uri 'none';frame-ancestors 'none';form-action 'self'",
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(document).not.toHaveProperty('strict-transport-security');
    expect(document).not.toHaveProperty('cross-origin-embedder-policy');
    expect(Object.isFrozen(document)).toBe(true);

    const secure = securityHeaders(true);
    for (const headers of [secure.document, secure.api])
      expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(secure.document['content-security-policy']).toMatch(/;upgrade-insecure-requests$/);
  });

  it('give an API answer the REST set: nothing may load or frame it, nothing only a page reads', () => {
    const { api } = securityHeaders(false);
    expect(api).toEqual({
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
    expect(Object.isFrozen(api)).toBe(true);
  });
});

describe('isApiPath', () => {
  it('matches each API prefix, with or without its slash and a query, and nothing else', () => {
    for (const url of [
      '/api',
      '/api?x=1',
      '/api/health',
      '/user/profile',
      '/user',
      '/subjects',
      '/subjects/4',
      '/review/due',
      '/ai/chat',
      '/lessons?id=1',
    ])
      expect(isApiPath(url), url).toBe(true);
    for (const url of [
      '/',
      '/apiary',
      '/users',
      '/dashboard',
      '/assets/index-abc.js',
      '/study-plan/api/',
      '/aim',
    ])
      expect(isApiPath(url), url).toBe(false);
  });
});
