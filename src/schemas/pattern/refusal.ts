import type {JsonDocument} from '../../io/json-document.js';
import {toPointer, type PathSegment} from '../../io/json-pointer.js';
import type {Finding} from '../../core/finding.js';
import {defineRule} from '../../core/rule.js';
import type {UnsupportedPatternError} from './linear-regexp.js';

export const PATTERN_UNSUPPORTED_RULE = defineRule({
  commands: ['lint schema', 'validate envelope', 'simulate retry'],
  id: 'schema/pattern-unsupported',
  description:
    'A pattern in a user schema that cannot be evaluated in linear time (lookaround, backreferences, repetition counts over 1000, Unicode properties other than general categories, scripts, ASCII and Any): the schema is refused rather than run on a backtracking engine.',
});

/** The refusal as a finding at the pattern in the schema file (the first place it is written). */
export function patternRefusalFinding(error: UnsupportedPatternError, doc: JsonDocument, consequence: string): Finding {
  return doc.finding(PATTERN_UNSUPPORTED_RULE.id, 'error', `${error.message}; ${consequence}`, patternPointer(doc.value, error.pattern) ?? '');
}

/** Where `pattern` is written in a schema: a `pattern` value or a `patternProperties` key. Iterative: depth is untrusted. */
export function patternPointer(schema: unknown, pattern: string): string | undefined {
  const stack: {value: unknown; path: PathSegment[]}[] = [{value: schema, path: []}];
  while (stack.length > 0) {
    const {value, path} = stack.pop() as {value: unknown; path: PathSegment[]};
    if (value === null || typeof value !== 'object') continue;
    if (!Array.isArray(value)) {
      const obj = value as Record<string, unknown>;
      if (obj.pattern === pattern) return toPointer([...path, 'pattern']);
      const props = obj.patternProperties;
      if (props && typeof props === 'object' && Object.hasOwn(props, pattern)) return toPointer([...path, 'patternProperties', pattern]);
    }
    const keys = Object.keys(value);
    for (let i = keys.length - 1; i >= 0; i--) stack.push({value: (value as Record<string, unknown>)[keys[i]], path: [...path, Array.isArray(value) ? i : keys[i]]});
  }
  return undefined;
}
