import type {JsonDocument} from '../../io/json-document.js';
import {toPointer, type PathSegment} from '../../io/json-pointer.js';
import type {Finding} from '../../core/finding.js';
import {defineRule, type RuleSource} from '../../core/rule.js';
import type {UnsupportedPatternError} from './linear-regexp.js';
import {VERIFIED} from '../../core/rule-sources.js';


/** Where the regex dialect of `pattern` and the cost of backtracking engines are described. */
const SOURCES = {
  pattern: {url: 'https://json-schema.org/draft/2020-12/json-schema-validation#name-pattern', title: 'JSON Schema 2020-12 validation: pattern (an ECMA-262 regular expression)', verified: VERIFIED},
  redos: {url: 'https://owasp.org/www-community/attacks/Regular_expression_Denial_of_Service_-_ReDoS', title: 'OWASP: regular expression denial of service (ReDoS)', verified: VERIFIED},
  re2: {url: 'https://github.com/google/re2/wiki/Syntax', title: 'RE2 syntax: the linear-time regex subset (no lookaround, no backreferences)', verified: VERIFIED},
} satisfies Record<string, RuleSource>;

export const PATTERN_UNSUPPORTED_RULE = defineRule({
  commands: ['lint schema', 'validate envelope', 'simulate retry'],
  id: 'schema/pattern-unsupported',
  description:
    'A pattern in a user schema that cannot be evaluated in linear time (lookaround, backreferences, repetition counts over 1000, Unicode properties other than general categories, scripts, ASCII and Any): the schema is refused rather than run on a backtracking engine.',
  explanation:
    'On a backtracking engine a pattern such as (a+)+$ takes exponential time on a crafted string, so checking untrusted payloads against it could hang the run. Rewrite the pattern without lookaround or backreferences (a linear-time engine such as RE2 accepts the rest), or check that constraint outside the schema.',
  examples: {invalid: ['{"type": "string", "pattern": "^(?!admin).*$"}', '{"pattern": "(\\\\w)\\\\1"}'], valid: ['{"type": "string", "pattern": "^[a-z][a-z0-9_]*$"}']},
  sources: [SOURCES.pattern, SOURCES.redos, SOURCES.re2],
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
