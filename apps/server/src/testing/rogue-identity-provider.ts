import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

/** What is wrong with the ID tokens this provider signs. */
export type IdTokenDefect = 'none' | 'wrong-nonce' | 'expired' | 'wrong-audience';

/**
 * An OpenID Connect provider that signs ID tokens with a defect on purpose (a real provider
 * never does, so oidc-provider cannot play it): a nonce of another sign-in, an `exp` an hour
 * past, or another app's audience. Its keys, discovery and code flow are right, so each
 * defect is the only reason a sign-in fails. Loopback only.
 */
export async function startRogueIdentityProvider(redirectUri: string, clientId: string) {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const kid = 'rogue-1';
  const publicJwk = { ...(await exportJWK(publicKey)), alg: 'RS256', use: 'sig', kid };
  const nonces = new Map<string, string>();
  let defect: IdTokenDefect = 'none';
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const json = (body: unknown) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration')
      return json({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
    if (url.pathname === '/jwks') return json({ keys: [publicJwk] });
    if (url.pathname === '/authorize') {
      const code = randomBytes(16).toString('base64url');
      nonces.set(code, url.searchParams.get('nonce') ?? '');
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.statusCode = 302;
      res.setHeader('location', back.href);
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let body = '';
      for await (const chunk of req) body += chunk;
      const code = new URLSearchParams(body).get('code') ?? '';
      const nonce = nonces.get(code);
      nonces.delete(code);
      if (nonce === undefined) {
        res.statusCode = 400;
        return json({ error: 'invalid_grant' });
      }
      const now = Math.floor(Date.now() / 1000);
      const issuedAt = defect === 'expired' ? now - 7200 : now;
      const idToken = await new SignJWT({
        nonce: defect === 'wrong-nonce' ? 'the-nonce-of-another-sign-in' : nonce,
        email: 'rogue@school.example',
        email_verified: true,
      })
        .setProtectedHeader({ alg: 'RS256', kid })
        .setIssuer(issuer)
        .setSubject('rogue-student')
        .setAudience(defect === 'wrong-audience' ? 'another-app' : clientId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + 3600)
        .sign(privateKey);
      return json({ access_token: 'at', token_type: 'Bearer', expires_in: 60, id_token: idToken });
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    signWith(next: IdTokenDefect) {
      defect = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
