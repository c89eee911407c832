import {isObject} from '../core/json.js';

/** The list of kinds as sent, and where it is: v1's `supportedEnvelopes`, or v2's `supportedEnvelopes.kinds`. */
export function kindList(doc: Readonly<Record<string, unknown>>): {list: readonly unknown[]; at: string} {
  const value = doc.supportedEnvelopes;
  const list = isObject(value) ? value.kinds : value;
  return {list: Array.isArray(list) ? list : [], at: isObject(value) ? '/supportedEnvelopes/kinds' : '/supportedEnvelopes'};
}

/** The kinds a document advertises, of either major. */
export function advertisedKinds(doc: Readonly<Record<string, unknown>>): string[] {
  return kindList(doc).list.filter((k): k is string => typeof k === 'string');
}
