import {createRequire} from 'node:module';
import type {RegExpEngine, RegExpLike} from 'ajv/dist/types/index.js';
import type {RE2JS} from 're2js';
import {ecmaToRe2} from './ecma-to-re2.js';

/**
 * A schema pattern that cannot run on the linear-time engine (lookaround, backreferences, …). It is refused rather
 * than run natively: V8's backtracking takes exponential time on patterns like `^(a+)+$`, and the text they are
 * matched against is model output or a stranger's file.
 */
export class UnsupportedPatternError extends Error {
  constructor(
    readonly pattern: string,
    readonly reason: string,
  ) {
    super(`pattern ${JSON.stringify(pattern)} cannot be evaluated in linear time: ${reason}`);
    this.name = 'UnsupportedPatternError';
  }
}

// Loaded on the first pattern compiled: most runs compile no user schema, and the engine is ~260 KB of code.
const requireHere = createRequire(import.meta.url);
let engine: typeof RE2JS | undefined;

/** Compiles one ECMAScript pattern (as JSON Schema writes it) for the linear-time engine, or throws. */
export function compileLinear(pattern: string, unicode = true): RegExpLike {
  const translated = ecmaToRe2(pattern, unicode);
  if (!translated.ok) {
    if (translated.invalid) throw new SyntaxError(`pattern ${JSON.stringify(pattern)} is ${translated.reason}`);
    throw new UnsupportedPatternError(pattern, translated.reason);
  }
  engine ??= (requireHere('re2js') as {RE2JS: typeof RE2JS}).RE2JS;
  let re: RE2JS;
  try {
    re = engine.compile(translated.source);
  } catch (error) {
    throw new UnsupportedPatternError(pattern, `the linear-time engine cannot read it (${(error as Error).message.replace(/^error parsing regexp: /, '')})`);
  }
  const label = `/${pattern}/${unicode ? 'u' : ''}`;
  // Ajv keys compiled patterns by toString(): two patterns must never share one.
  return {test: (s: string) => re.test(s), toString: () => label} as RegExpLike;
}

/**
 * Ajv's `code.regExp` for schemas from users and input: every `pattern`, `patternProperties` key and
 * `propertyNames` pattern runs in time linear in the string it tests.
 */
export const linearRegExp: RegExpEngine = Object.assign((pattern: string, u: string) => compileLinear(pattern, u === 'u'), {
  // Ajv writes this into standalone code; the linear engine is never used for that (bundled schemas compile natively).
  code: 'linearRegExp',
});
