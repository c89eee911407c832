import {defineLintRule} from '../define-lint-rule.js';
import {SOURCES} from '../rule-helpers.js';
import {VERIFIED} from '../../core/rule-sources.js';
import {ptr} from '../schema-util.js';
import {inlineFix} from '../vendors/rewrite-fix.js';

/** Where definitions live: a root `$ref` beside its `$defs` is a different problem (openai/root-object). */
const NOT_SIBLINGS = new Set(['$ref', '$defs', 'definitions']);

const SIBLINGS = '"$ref" has {{siblings}} beside it; OpenAI refuses that (HTTP 400 "$ref cannot have keywords")';

const rule = defineLintRule({
  meta: {
    id: 'openai/ref-siblings',
    keywords: ['$ref'],
    description: 'OpenAI: a "$ref" stands alone; keywords beside it (a description, a default) are refused.',
    messages: {
      inline: `${SIBLINGS}: inline the referenced schema (--fix does)`,
      notInlined: `${SIBLINGS} (not auto-fixable: the target is not local or refers back to itself, or a keyword beside the $ref also constrains the target; move the keywords into the target)`,
    },
    fixable: true,
    sources: [SOURCES.openai],
    evidence: [
      {
        kind: 'api-error',
        text: "Invalid schema for response_format 'response': context=('properties', 'labels'), $ref cannot have keywords {'description'}",
        url: 'https://github.com/vectorize-io/hindsight/pull/3944',
        verified: VERIFIED,
      },
    ],
    docs: {
      valid: [{type: 'object', properties: {a: {$ref: '#/$defs/a'}}, required: ['a'], additionalProperties: false, $defs: {a: {type: 'string', description: 'the a'}}}],
      invalid: [{schema: {type: 'object', properties: {a: {$ref: '#/$defs/a', description: 'the a'}}, required: ['a'], additionalProperties: false, $defs: {a: {type: 'string'}}}, findings: 1}],
    },
    explanation:
      'OpenAI strict mode answers a "$ref" with other keywords beside it with HTTP 400 ("$ref cannot have keywords {\'description\'}"). Pydantic writes exactly that for a nested model field that has a description, and OpenAI\'s own Python SDK inlines such references before sending. --fix does the same: the referenced schema is copied in place of the "$ref", with the annotations beside it (description, title, default, examples) winning. A recursive target, or a constraining keyword beside the $ref that the target also has, is left to you.',
  },
  check(node, ctx) {
    const siblings = Object.keys(node.schema).filter((k) => !NOT_SIBLINGS.has(k));
    if (typeof node.schema.$ref !== 'string' || siblings.length === 0) return;
    // Not a recursive target: its copy would hold the same $ref with the same siblings, and each --fix pass grew it.
    const inline = inlineFix(node, false);
    const data = {siblings: siblings.map((k) => `"${k}"`).join(', ')};
    if (inline?.fix) ctx.report({doc: node.doc, pointer: ptr(node.pointer, '$ref'), messageId: 'inline', data, fix: inline.fix});
    else ctx.report({doc: node.doc, pointer: ptr(node.pointer, '$ref'), messageId: 'notInlined', data});
  },
});

export default rule;
