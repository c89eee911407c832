import type {KeyObject} from 'node:crypto';
import {ed25519PublicKey} from './ed25519.js';
import {isRecord} from '../io/json-record.js';
import {arrayAt, type Json} from './view.js';

export type KeyLookup =
  | {found: true; key: KeyObject; retiredAt?: string; entry: Json}
  | {found: false; reason: 'not-published'}
  | {found: false; reason: 'unusable'; problem: string};

/**
 * The signingKeys[] entry of `document` named `keyId` (a retired one included: retired keys stay listed so older
 * bundles keep verifying). An entry whose `use` names another purpose, or whose alg is not ed25519, is not a bundle key.
 */
export function lookUpKey(document: Json, keyId: unknown): KeyLookup {
  const entry = arrayAt(document.signingKeys).find((k): k is Json => isRecord(k) && k.keyId === keyId);
  if (entry === undefined || typeof keyId !== 'string') return {found: false, reason: 'not-published'};
  if (entry.alg !== undefined && entry.alg !== 'ed25519') return {found: false, reason: 'unusable', problem: `the published key's alg is ${JSON.stringify(entry.alg)}, not ed25519`};
  if (entry.use !== undefined && entry.use !== 'certification-bundle') return {found: false, reason: 'unusable', problem: `the published key's use is ${JSON.stringify(entry.use)}, not certification-bundle`};
  const key = ed25519PublicKey(entry.publicKey);
  if (typeof key === 'string') return {found: false, reason: 'unusable', problem: key};
  return {found: true, key, entry, ...(typeof entry.retiredAt === 'string' ? {retiredAt: entry.retiredAt} : {})};
}
