import {defineLintRule} from '../define-lint-rule.js';
import {SOURCES, firstVisit} from '../rule-helpers.js';
import {VERIFIED} from '../../core/rule-sources.js';
import {propertiesOf} from '../schema-util.js';

export const ANTHROPIC_MAX_OPTIONAL = 24;
const NONE: readonly unknown[] = [];

const props = (n: number) => Object.fromEntries(Array.from({length: n}, (_, i) => [`p${i}`, {type: 'string'}]));

const rule = defineLintRule({
  meta: {
    id: 'anthropic/optional-params',
    keywords: ['properties'],
    description: 'Anthropic: at most 24 optional properties.',
    messages: {tooMany: 'the schema has {{count}} optional properties; Anthropic allows at most {{max}} per request'},
    sources: [SOURCES.anthropic],
    evidence: [{kind: 'docs', text: 'A request may have at most 24 optional parameters across its strict schemas.', url: SOURCES.anthropic.url, verified: VERIFIED}],
    // Made when read (docs, explain, tests), not on every start.
    get docs() {
      return {
        valid: [{type: 'object', properties: props(24), additionalProperties: false}],
        invalid: [{schema: {type: 'object', properties: props(25), additionalProperties: false}, findings: 1}],
      };
    },
    explanation:
      'Anthropic limits a strict request to 24 optional parameters in total (across all strict tools and the output schema of the request; this rule counts one schema). A property is optional when its object does not list it in "required". Counted over every sub-schema reached, each once; reported at the root. Making properties required-and-nullable (tier1/all-required --fix) removes them from this count but adds to anthropic/union-params.',
  },
  check(node, ctx) {
    const p = propertiesOf(node.schema);
    if (!p || !firstVisit(node, ctx)) return;
    // Counted without copying the property names or the required list (a non-string in it names no property): asked
    // of every object of every schema.
    const list: readonly unknown[] = Array.isArray(node.schema.required) ? node.schema.required : NONE;
    // A short list is searched; a long one (thousands of properties) gets a set, or the count would grow as its square.
    const required = list.length > 8 ? new Set(list) : undefined;
    let optional = 0;
    for (const k in p) if (Object.hasOwn(p, k) && !(required ? required.has(k) : list.includes(k))) optional++;
    if (optional > 0) ctx.tally += optional;
  },
  end(ctx) {
    const n = ctx.tally;
    if (n > ANTHROPIC_MAX_OPTIONAL) ctx.report({pointer: '', messageId: 'tooMany', data: {count: n, max: ANTHROPIC_MAX_OPTIONAL}});
  },
});

export default rule;
