import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals short secrets kept in the database (a TOTP secret) with AES-256-GCM under a key derived
 * from the server's own secret (HKDF, one key per `purpose`): a copy of the database alone, or a
 * backup, does not give them away. Sealed text is `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export function createSecretBox(serverSecret: string, purpose: string) {
  const key = Buffer.from(
    hkdfSync('sha256', serverSecret, Buffer.alloc(0), `studybuddy ${purpose}`, 32),
  );
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    /** The plain text, or undefined for text this key did not seal (a changed server secret). */
    open(sealed: string): string | undefined {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(data, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
