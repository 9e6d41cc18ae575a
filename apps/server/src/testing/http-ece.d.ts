// http_ece ships no types; the tests decrypt what web-push encrypted (RFC 8188, aes128gcm).
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  export interface EceParams {
    version: 'aes128gcm' | 'aesgcm' | 'aesgcm128';
    /** The receiver's key pair; the sender's public key is read from the record's header. */
    privateKey?: ECDH;
    /** base64url */
    authSecret?: string;
  }
  export function decrypt(buffer: Buffer, params: EceParams): Buffer;
  export function encrypt(buffer: Buffer, params: EceParams): Buffer;
}
