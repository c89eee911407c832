import type {Json} from './mutations.js';

/**
 * Finds the subschemas that may apply at a document path, following $ref (local and cross-file),
 * allOf/anyOf/oneOf, if/then/else, properties, patternProperties, additionalProperties and items.
 * It over-approximates on purpose: the walker only proposes values to try, and Ajv gives the verdicts.
 */

type Segment = string | number;
type SchemaNode = Record<string, unknown>;

interface Located {
  readonly node: SchemaNode;
  readonly base: string;
}

const isNode = (v: unknown): v is SchemaNode => v !== null && typeof v === 'object' && !Array.isArray(v);

export class SchemaWalker {
  private readonly docs = new Map<string, SchemaNode>();
  // Applicability depends only on the path's keys, so one lookup per path serves every generated document.
  private readonly memo = new Map<string, SchemaNode[]>();

  constructor(schemas: readonly unknown[]) {
    for (const s of schemas) if (isNode(s) && typeof s.$id === 'string') this.docs.set(s.$id, s);
  }

  /** All subschemas reachable at `path` from the schema known by `rootRef` (an $id, optionally with a #pointer). */
  at(rootRef: string, path: readonly Segment[]): SchemaNode[] {
    const key = `${rootRef}\u0000${JSON.stringify(path)}`;
    let nodes = this.memo.get(key);
    if (nodes === undefined) this.memo.set(key, (nodes = this.walk(rootRef, path)));
    return nodes;
  }

  private walk(rootRef: string, path: readonly Segment[]): SchemaNode[] {
    let here = this.closure(this.resolve(rootRef, rootRef));
    for (const seg of path) here = here.flatMap((loc) => this.child(loc, seg)).flatMap((loc) => this.closure([loc]));
    return here.map((l) => l.node);
  }

  private resolve(ref: string, base: string): Located[] {
    const url = new URL(ref, base);
    const pointer = decodeURIComponent(url.hash.replace(/^#/, ''));
    url.hash = '';
    const docId = url.href;
    let node: unknown = this.docs.get(docId);
    for (const raw of pointer.split('/').slice(1)) node = isNode(node) ? node[raw.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    return isNode(node) ? [{node, base: docId}] : [];
  }

  private closure(start: Located[]): Located[] {
    const seen = new Set<SchemaNode>();
    const out: Located[] = [];
    const visit = (loc: Located): void => {
      if (seen.has(loc.node)) return;
      seen.add(loc.node);
      out.push(loc);
      const n = loc.node;
      if (typeof n.$ref === 'string') this.resolve(n.$ref, loc.base).forEach(visit);
      for (const key of ['allOf', 'anyOf', 'oneOf']) {
        const branches = n[key];
        if (Array.isArray(branches)) for (const b of branches) if (isNode(b)) visit({node: b, base: loc.base});
      }
      for (const key of ['if', 'then', 'else']) if (isNode(n[key])) visit({node: n[key], base: loc.base});
    };
    start.forEach(visit);
    return out;
  }

  private child(loc: Located, seg: Segment): Located[] {
    const n = loc.node;
    const out: SchemaNode[] = [];
    if (typeof seg === 'string') {
      const props = isNode(n.properties) ? n.properties : {};
      if (isNode(props[seg])) out.push(props[seg]);
      else {
        const patterns = isNode(n.patternProperties) ? n.patternProperties : {};
        const matched = Object.entries(patterns).filter(([re]) => new RegExp(re, 'u').test(seg));
        for (const [, s] of matched) if (isNode(s)) out.push(s);
        if (matched.length === 0 && isNode(n.additionalProperties)) out.push(n.additionalProperties);
      }
    } else {
      const prefix = Array.isArray(n.prefixItems) ? n.prefixItems : [];
      if (seg < prefix.length && isNode(prefix[seg])) out.push(prefix[seg]);
      else if (isNode(n.items)) out.push(n.items);
    }
    return out.map((node) => ({node, base: loc.base}));
  }
}

const FORMAT_SAMPLES: Readonly<Record<string, Json[]>> = {
  'date-time': ['tomorrow', '2026-05-18T10:00:00Z', '2026-05-18t10:00:00z', '2026-05-18T10:00:00', '2026-02-30T00:00:00Z', '2026-05-18T10:00:00.5+05:30', '2026-05-18T24:00:00Z'],
  date: ['2026-05-18', '2026-5-18', '2026-02-30', '2026-05-18T00:00:00Z', '2024-02-29'],
  uri: ['https://x.example/a', 'not a uri', '/relative', 'urn:x:y', 'http://', 'https://x.example/a b', 'mailto:a@b.c'],
  'uri-reference': ['/relative', '#frag', 'https://a.example', 'a b', '\\bad', ''],
};

const TYPE_SAMPLES: Readonly<Record<string, Json[]>> = {
  string: ['x'],
  number: [1.5],
  integer: [1],
  boolean: [true],
  null: [null],
  array: [[]],
  object: [{}],
};

/** Values the schema itself suggests for property `key`: its const and enum members, then generic ones. */
function plausibleValues(parent: SchemaNode, key: string): Json[] {
  const prop = isNode(parent.properties) ? (parent.properties as Record<string, unknown>)[key] : undefined;
  const out: Json[] = [];
  if (isNode(prop)) {
    if ('const' in prop) out.push(prop.const as Json);
    if (Array.isArray(prop.enum)) out.push(...(prop.enum as Json[]));
  }
  return [...out, 'x', true];
}

/**
 * Near misses for a pattern-constrained string: case, separators, a character dropped or doubled in the
 * middle, and lengths around every `{m,n}` bound in the pattern (padding with the last character, plus a
 * few extra for fixed prefixes such as `prompt:`).
 */
function patternProbes(pattern: string, current: string): Json[] {
  const mid = Math.floor(current.length / 2);
  const out: Json[] = [
    current.toUpperCase(),
    `${current}.`,
    `${current}-x`,
    current.replace(/\./g, ''),
    `_${current}`,
    current.slice(0, mid) + current.slice(mid + 1),
    current.slice(0, mid) + current.charAt(mid) + current.slice(mid),
  ];
  const pad = current.slice(-1) || 'a';
  for (const match of pattern.matchAll(/\{(\d+)(?:,(\d*))?\}/g)) {
    for (const bound of [match[1], match[2]]) {
      if (bound === undefined || bound === '') continue;
      for (const d of [-1, 0, 1, 2, 7, 8, 9]) {
        const length = Number(bound) + d;
        if (length > 0) out.push(current.length >= length ? current.slice(0, length) : current + pad.repeat(length - current.length));
      }
    }
  }
  return out;
}

function resize(current: Json, length: number): Json[] {
  const out: Json[] = ['a'.repeat(length)];
  if (typeof current === 'string' && current.length > 0) {
    out.push(current.length >= length ? current.slice(0, length) : current + current.slice(-1).repeat(length - current.length));
  }
  return out;
}

function resizeArray(current: Json[], length: number): Json {
  const out: Json[] = [];
  for (let i = 0; i < length; i++) out.push(current.length > 0 ? structuredClone(current[i % current.length]) : `item${i}`);
  return out;
}

/** Values worth trying at a spot, derived from the constraints of every subschema that applies there. */
export function boundaryCandidates(nodes: readonly SchemaNode[], current: Json): Json[] {
  const out: Json[] = [];
  const bound = (key: string, n: SchemaNode): number | undefined => (typeof n[key] === 'number' ? n[key] : undefined);
  for (const n of nodes) {
    // One value of every JSON type: the right ones keep documents valid, the wrong ones probe `type`.
    for (const samples of Object.values(TYPE_SAMPLES)) out.push(...samples);
    if (Array.isArray(n.enum)) for (const v of n.enum) out.push(v as Json, typeof v === 'string' ? `${v}x` : null);
    if ('const' in n) out.push(n.const as Json, typeof n.const === 'string' ? n.const.toUpperCase() : null, typeof n.const === 'boolean' ? !n.const : 'x');
    for (const key of ['minLength', 'maxLength']) {
      const l = bound(key, n);
      if (l !== undefined) for (const len of [l - 1, l, l + 1]) if (len >= 0) out.push(...resize(current, len));
    }
    for (const key of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']) {
      const m = bound(key, n);
      if (m !== undefined) out.push(m - 1, m, m + 1, m - 0.5, m + 0.5);
    }
    if (Array.isArray(current)) {
      for (const key of ['minItems', 'maxItems']) {
        const l = bound(key, n);
        if (l !== undefined) for (const len of [l - 1, l, l + 1]) if (len >= 0) out.push(resizeArray(current, len));
      }
      if (n.uniqueItems === true && current.length > 0) out.push([...current, structuredClone(current[0])]);
    }
    if (typeof n.format === 'string') out.push(...(FORMAT_SAMPLES[n.format] ?? ['x']));
    if (typeof n.pattern === 'string' && typeof current === 'string') out.push(...patternProbes(n.pattern, current));
    if (isNode(current)) {
      const obj = current as Record<string, Json>;
      if (Array.isArray(n.required)) {
        for (const r of n.required as string[]) {
          if (r in obj) {
            const {[r]: _dropped, ...rest} = obj;
            out.push(rest);
          }
        }
      }
      if (isNode(n.properties)) {
        for (const p of Object.keys(n.properties)) if (!(p in obj)) out.push({...obj, [p]: 'x'}, {...obj, [p]: true}, {...obj, [p]: {}});
      }
      if (isNode(n.dependentRequired)) {
        for (const [k, deps] of Object.entries(n.dependentRequired)) {
          const rest = Object.fromEntries(Object.entries(obj).filter(([key]) => !(deps as string[]).includes(key)));
          for (const v of plausibleValues(n, k)) out.push({...rest, [k]: v}, {[k]: v});
        }
      }
      // Keys a `not: {required: [...]}` forbids are otherwise never added by anything.
      if (isNode(n.not) && Array.isArray(n.not.required)) for (const k of n.not.required as string[]) out.push({...obj, [k]: 'x'});
      out.push({...obj, unknownKey: 1});
    }
  }
  const unique = new Map<string, Json>();
  for (const v of out) unique.set(JSON.stringify(v), v);
  return [...unique.values()];
}
