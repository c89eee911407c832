import {LEGACY_KINDS, UNIVERSAL_KINDS} from '../schemas/index.js';

/**
 * The vendor-kind grammar. Upstream publishes no regex for kinds (RFC 0021 names the namespaces only); this is the
 * "safe lint grammar": `vendor.`, a lowercase host segment, then one or more kind segments that start with a lowercase
 * letter.
 */
export const VENDOR_KIND_GRAMMAR = /^vendor\.[a-z][a-z0-9-]*(\.[a-z][a-zA-Z0-9_-]*)+$/;

/** `<kind>.invalid.json` is the longest file we write; most file systems cap a name at 255 bytes. */
export const MAX_KIND_LENGTH = 255 - '.invalid.json'.length;

const RESERVED_PREFIXES = ['media.', 'ui.'];
/** Canonical namespaces that are not the vendor's own (RFC 0021 kind naming). */
const OTHER_NAMESPACES = ['openwop.', 'core.', 'community.', 'private.', 'local.'];
const HOST_SEGMENT = /^[a-z][a-z0-9-]*$/;
const KIND_SEGMENT = /^[a-z][a-zA-Z0-9_-]*$/;

/** Why `name` cannot be scaffolded, or undefined when it is a valid vendor kind. */
export function kindNameProblem(name: string): string | undefined {
  if (name.trim() === '') return 'the kind name is empty: give it as vendor.<host>.<kind>, e.g. vendor.acme.plan.create';
  // Checked before the grammar so a path-like name gets the real reason, not a character complaint.
  if (/[/\\\0]/.test(name)) {
    return `"${name}" is a path, not a kind name: "/" and "\\" would put files outside the output folder; a kind is dotted words`;
  }
  if ((UNIVERSAL_KINDS as readonly string[]).includes(name)) {
    return `"${name}" is a universal kind (RFC 0021): its payload schema is defined by the spec, not scaffolded; name your own kind vendor.<host>.<kind>`;
  }
  if (RESERVED_PREFIXES.some((p) => name.startsWith(p))) {
    return `"${name}" is in the un-namespaced ${name.slice(0, name.indexOf('.'))}.* family reserved by the spec; name your own kind vendor.<host>.<kind>`;
  }
  if (LEGACY_KINDS.has(name)) {
    return `"${name}" is a legacy un-namespaced kind (tolerated in v1.x, deprecated); name it vendor.<host>.${name} instead`;
  }
  const other = OTHER_NAMESPACES.find((p) => name.startsWith(p));
  if (other) return `"${name}" is in the ${other}* namespace; scaffold kind creates vendor kinds only: vendor.<host>.<kind>`;
  if (name.length > MAX_KIND_LENGTH) return `the kind name is ${name.length} characters; at most ${MAX_KIND_LENGTH} fit in a file name`;
  if (VENDOR_KIND_GRAMMAR.test(name)) return undefined;
  return `"${name}" is not a vendor kind name: ${segmentProblem(name)} (grammar ${VENDOR_KIND_GRAMMAR.source})`;
}

/** The first segment that breaks the grammar, said in words. */
function segmentProblem(name: string): string {
  const [first, host, ...rest] = name.split('.');
  if (first !== 'vendor') return 'it must start with "vendor." (lowercase)';
  if (host === undefined || host === '') return 'the host segment after "vendor." is missing';
  if (!HOST_SEGMENT.test(host)) return `the host segment "${host}" must be a lowercase letter followed by lowercase letters, digits or "-"`;
  if (rest.length === 0) return `a kind segment is missing after "vendor.${host}" (e.g. vendor.${host}.plan.create)`;
  const bad = rest.find((s) => !KIND_SEGMENT.test(s));
  if (bad === '') return 'it has an empty segment (two dots in a row, or a dot at the end)';
  return `the segment "${bad}" must start with a lowercase letter, followed by letters, digits, "_" or "-"`;
}
