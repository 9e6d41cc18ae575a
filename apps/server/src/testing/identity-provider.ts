import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, {
  type Adapter,
  type AdapterPayload,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';

/** One account of the test school: its ID token's claims. */
export interface SchoolAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
  preferred_username?: string;
  groups?: string[];
  hd?: string;
}

/**
 * The provider's sessions, codes and grants in a Map of this test's own: what a school keeps in
 * its database (oidc-provider warns about its built-in one, meant for trying it out).
 */
function mapAdapter(): new (name: string) => Adapter {
  const store = new Map<string, AdapterPayload>();
  return class MapAdapter implements Adapter {
    constructor(private readonly name: string) {}
    private key = (id: string) => `${this.name}:${id}`;
    async upsert(id: string, payload: AdapterPayload) {
      store.set(this.key(id), payload);
    }
    async find(id: string) {
      return store.get(this.key(id));
    }
    async findByUid(uid: string) {
      return [...store.values()].find((p) => p.uid === uid);
    }
    async findByUserCode(userCode: string) {
      return [...store.values()].find((p) => p.userCode === userCode);
    }
    async consume(id: string) {
      const payload = store.get(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, p] of store) if (p.grantId === grantId) store.delete(key);
    }
  };
}

export const SCHOOL_CLIENT = { id: 'studybuddy', secret: 'a-client-secret-of-the-test-school' };
/** A second app of the same school: a code issued to it is no code of StudyBuddy's. */
export const OTHER_CLIENT = { id: 'other-app', secret: 'another-client-secret' };

/**
 * A real OpenID Connect provider (oidc-provider) on loopback: discovery, authorization with
 * PKCE, the token endpoint, signed ID tokens. Its one interaction is the school's own login
 * page, finished at once as `signInAs`'s account, as when the student is already signed in at
 * the school; consent is given by the school (no prompt), as schools set up their own apps.
 */
export async function startIdentityProvider(redirectUri: string, opts: { port?: number } = {}) {
  const accounts = new Map<string, SchoolAccount>();
  let current: string | undefined;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'school-1' };
  const client = (c: { id: string; secret: string }) => ({
    client_id: c.id,
    client_secret: c.secret,
    redirect_uris: [redirectUri],
    grant_types: ['authorization_code'],
    response_types: ['code' as const],
  });
  const configuration: Configuration = {
    adapter: mapAdapter(),
    clients: [client(SCHOOL_CLIENT), client(OTHER_CLIENT)],
    jwks: { keys: [jwk] },
    cookies: { keys: ['a-cookie-key-of-the-test-school'] },
    // The profile and e-mail claims go in the ID token, as Google, Keycloak and Entra put them.
    conformIdTokenClaims: false,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username', 'groups', 'hd'],
    },
    features: { devInteractions: { enabled: false } },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 3600,
      Interaction: 600,
      Session: 3600,
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ ...account }) };
    },
    // The school has already agreed to StudyBuddy's scopes for its students.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client: c, session } = ctx.oidc;
      if (!c || !session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({
        clientId: c.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, configuration);
  const handle = provider.callback();
  server.on('request', async (req: IncomingMessage, res: ServerResponse) => {
    if (!req.url?.startsWith('/interaction/')) return handle(req, res);
    try {
      if (!current) throw new Error('the test school has no account signed in (signInAs)');
      await provider.interactionFinished(req, res, { login: { accountId: current } });
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  });
  return {
    issuer,
    /** Makes this account the one the school's login page signs in. */
    signInAs(account: SchoolAccount) {
      accounts.set(account.sub, account);
      current = account.sub;
    },
    /**
     * Follows the browser's way from the school's authorization URL (its cookies kept) until
     * it leaves for `redirectUri`, and answers that last address: the callback with its code.
     */
    async follow(authorizationUrl: string): Promise<string> {
      const jar = new Map<string, string>();
      let url = authorizationUrl;
      for (let hops = 0; hops < 10; hops++) {
        if (url.startsWith(redirectUri)) return url;
        const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
        const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
        for (const line of res.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const eq = pair?.indexOf('=') ?? -1;
          if (pair && eq > 0) jar.set(pair.slice(0, eq), pair.slice(eq + 1));
        }
        const next = res.headers.get('location');
        if (!next) throw new Error(`the school answered ${res.status}: ${await res.text()}`);
        url = new URL(next, url).href;
      }
      throw new Error('too many redirects at the school');
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type IdentityProvider = Awaited<ReturnType<typeof startIdentityProvider>>;
