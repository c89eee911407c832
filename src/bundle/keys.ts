import type {KeyObject} from 'node:crypto';
import {isObject} from '../core/json.js';
import {ed25519PublicKey} from './ed25519.js';
import {arrayAt, type Json} from './view.js';

export type KeyLookup = {found: true; key: KeyObject; retiredAt?: string; entry: Json} | {found: false; reason: 'not-published'} | {found: false; reason: 'unusable'; problem: string};

const BUNDLE_USE = 'certification-bundle';

/**
 * The signingKeys[] entry of `document` named `keyId` (a retired one included: retired keys stay listed so older
 * bundles keep verifying). The capabilities schema requires `alg: "ed25519"`; `use` is optional there, but with
 * `requireUse` (a key the bundle carries itself, RFC 0224 §B.6) it must say certification-bundle. An entry that fails
 * either, or whose publicKey is not a raw Ed25519 key, is published but unusable.
 */
export function lookUpKey(document: Json, keyId: unknown, options: {requireUse?: boolean} = {}): KeyLookup {
  if (typeof keyId !== 'string') return {found: false, reason: 'not-published'};
  const entry = arrayAt(document.signingKeys).find((k): k is Json => isObject(k) && k.keyId === keyId);
  if (entry === undefined) return {found: false, reason: 'not-published'};
  if (entry.alg !== 'ed25519') return {found: false, reason: 'unusable', problem: `its alg is ${shown(entry.alg)}, not ed25519`};
  if (entry.use === undefined ? options.requireUse === true : entry.use !== BUNDLE_USE) return {found: false, reason: 'unusable', problem: `its use is ${shown(entry.use)}, not ${BUNDLE_USE}`};
  const key = ed25519PublicKey(entry.publicKey);
  if (typeof key === 'string') return {found: false, reason: 'unusable', problem: key};
  return {found: true, key, entry, ...(typeof entry.retiredAt === 'string' ? {retiredAt: entry.retiredAt} : {})};
}

const shown = (value: unknown): string => (value === undefined ? 'absent' : JSON.stringify(value));
