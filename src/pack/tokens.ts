/**
 * RFC 0076 `runtime.requires`: the abstract platform primitives a pack's code may ask a sandbox host for. Packs name
 * primitives, never language builtins, so one manifest means the same thing to a Node, Python or WASM host.
 */
export const RUNTIME_TOKENS = Object.freeze(['net.dns', 'net.outbound', 'crypto', 'subprocess', 'fs.read', 'fs.write', 'env.read', 'clock'] as const);

export type RuntimeToken = (typeof RUNTIME_TOKENS)[number];

/**
 * The primitives by which code reaches outside its process: the network, the environment, the file system, another
 * process. Found in a pack's code, these count at the install gate even when the manifest does not declare them.
 * `crypto` and `clock` found in code do not (they are still reported as undeclared): the host already provides standard
 * hashing (the manifest schema's own words for `crypto`) and the scan cannot tell it from the primitives beyond it, and
 * `clock` is gated for replay determinism, not access. Declared, every primitive counts.
 */
export const REACHING_TOKENS: ReadonlySet<RuntimeToken> = new Set(['net.dns', 'net.outbound', 'subprocess', 'fs.read', 'fs.write', 'env.read']);

export function isRuntimeToken(value: unknown): value is RuntimeToken {
  return typeof value === 'string' && (RUNTIME_TOKENS as readonly string[]).includes(value);
}

/** Node.js builtin module (without `node:` and subpath) → the primitive(s) using it needs. */
const BUILTIN_TOKENS: Readonly<Record<string, readonly RuntimeToken[]>> = {
  dns: ['net.dns'],
  net: ['net.outbound'],
  tls: ['net.outbound'],
  http: ['net.outbound'],
  https: ['net.outbound'],
  http2: ['net.outbound'],
  dgram: ['net.outbound'],
  crypto: ['crypto'],
  child_process: ['subprocess'],
  fs: ['fs.read', 'fs.write'],
  process: ['env.read'],
  timers: ['clock'],
  perf_hooks: ['clock'],
};

/** `node:dns/promises`, `dns`, `fs/promises` → the builtin's base name, or undefined when it is not one we map. */
export function builtinModuleName(specifier: string): string | undefined {
  const base = specifier.replace(/^node:/, '').split('/')[0];
  return Object.hasOwn(BUILTIN_TOKENS, base) ? base : undefined;
}

/** The primitive(s) a raw builtin name stands for, for a "declare this instead" suggestion. */
export function tokensForBuiltin(specifier: string): readonly RuntimeToken[] {
  const base = builtinModuleName(specifier);
  return base === undefined ? [] : BUILTIN_TOKENS[base];
}

/**
 * Suggestion for a `runtime.requires` entry that is not one of the eight tokens: the token a builtin maps to, a
 * close spelling, or the whole list.
 */
export function suggestToken(raw: string): string {
  const mapped = tokensForBuiltin(raw);
  if (mapped.length === 1) return `"${raw}" is a Node.js builtin module, not a runtime primitive: declare "${mapped[0]}" instead`;
  if (mapped.length > 1) return `"${raw}" is a Node.js builtin module, not a runtime primitive: declare ${mapped.map((t) => `"${t}"`).join(' and/or ')} (whichever the code does) instead`;
  const parent = RUNTIME_TOKENS.find((t) => raw.startsWith(`${t}.`));
  if (parent) return `"${raw}" is finer than any primitive defined today; declare its parent "${parent}", which covers it`;
  const near = RUNTIME_TOKENS.filter((t) => t.toLowerCase() === raw.toLowerCase().trim() || t.startsWith(`${raw}.`));
  if (near.length > 0) return `"${raw}" is not a runtime primitive; did you mean ${near.map((t) => `"${t}"`).join(' or ')}?`;
  return `"${raw}" is not a runtime primitive; use only ${RUNTIME_TOKENS.join(', ')}`;
}
