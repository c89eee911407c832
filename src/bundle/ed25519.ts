import type {KeyObject} from 'node:crypto';

/** DER prefix of an Ed25519 SubjectPublicKeyInfo (RFC 8410): the 32 raw key bytes follow it. */
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** Unpadded base64url to bytes; undefined when the text is not that (Buffer.from would silently skip bad characters). */
export function base64urlBytes(text: string): Buffer | undefined {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return undefined;
  return Buffer.from(text, 'base64url');
}

/** A published `publicKey` (32 raw bytes, base64url) as a key node:crypto verifies with; a reason when it is not one. */
export function ed25519PublicKey(publicKey: unknown): KeyObject | string {
  if (typeof publicKey !== 'string') return 'publicKey is not a string';
  const raw = base64urlBytes(publicKey);
  if (raw?.length !== 32) return 'publicKey is not 32 bytes of unpadded base64url (a raw Ed25519 key)';
  const crypto = process.getBuiltinModule('node:crypto');
  try {
    return crypto.createPublicKey({key: Buffer.concat([SPKI_PREFIX, raw]), format: 'der', type: 'spki'});
  } catch (error) {
    return `publicKey is not an Ed25519 key (${(error as Error).message})`;
  }
}

/** Pure Ed25519 (no pre-hash) over `payload`; `sig` is the 64-byte signature in unpadded base64url. */
export function ed25519Verifies(key: KeyObject, payload: Buffer, sig: unknown): boolean {
  if (typeof sig !== 'string') return false;
  const bytes = base64urlBytes(sig);
  if (bytes?.length !== 64) return false;
  try {
    return process.getBuiltinModule('node:crypto').verify(null, payload, key, bytes);
  } catch {
    return false;
  }
}
