import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers.js';

describe('security headers', () => {
  it('are helmet’s for our policy, computed once, with HSTS and upgrades only behind HTTPS', () => {
    const plain = securityHeaders(false);
    expect(plain).toMatchObject({
      'content-security-policy':
        "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data:;font-src 'self' data:;connect-src 'self';object-src 'none';base-uri 'none';frame-ancestors 'none';form-action 'self'",
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(plain).not.toHaveProperty('strict-transport-security');
    expect(plain).not.toHaveProperty('cross-origin-embedder-policy');
    expect(Object.isFrozen(plain)).toBe(true);

    const secure = securityHeaders(true);
    expect(secure['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(secure['content-security-policy']).toMatch(/;upgrade-insecure-requests$/);
  });
});
