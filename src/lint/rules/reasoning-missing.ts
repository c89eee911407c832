import {defineLintRule} from '../define-lint-rule.js';
import {isVendorKind} from '../kind.js';
import {reasoningAdvice, reasoningAdviceText} from '../reasoning-advice.js';
import {declaresNoReasoning, NO_REASONING_DIRECTIVE} from '../reasoning-opt-out.js';
import {SOURCES} from '../rule-helpers.js';
import {propertiesOf} from '../schema-util.js';

const three = {a: {type: 'string'}, b: {type: 'string'}, c: {type: 'string'}};

const rule = defineLintRule({
  meta: {
    id: 'reasoning/missing',
    description: 'A vendor.* kind with 3 or more payload properties declares "reasoning".',
    messages: {
      missing: `vendor kind "{{kind}}" has {{count}} payload properties and no "reasoning": {{advice}} so the model can reason before it fills them (RFC 0030 §A; low-reasoning signal kinds may omit it and say so with a root "$comment": "${NO_REASONING_DIRECTIVE}" — threshold lint.reasoningMissingMinProperties = {{min}})`,
    },
    severity: 'warning',
    nodes: 'root',
    sources: [SOURCES.rfc0030, SOURCES.rfc0021],
    docs: {
      valid: [
        {'x-openwop-kind': 'vendor.acme.plan.create', type: 'object', properties: {reasoning: {type: 'string'}, ...three}},
        {'x-openwop-kind': 'vendor.acme.progress', type: 'object', properties: {a: {type: 'string'}, b: {type: 'string'}}},
        {'x-openwop-kind': 'media.file', type: 'object', properties: three},
        {'x-openwop-kind': 'vendor.acme.build.status', $comment: `${NO_REASONING_DIRECTIVE}: a status signal`, type: 'object', properties: three},
      ],
      invalid: [{schema: {$id: 'https://acme.example/envelopes/vendor.acme.plan.create.schema.json', type: 'object', properties: three}, findings: 1}],
    },
    explanation: `RFC 0030 §A: every vendor kind that needs multi-step reasoning supports an optional "reasoning" string as its first property. This warning fires for vendor.* kinds whose payload root has at least 3 properties (config lint.reasoningMissingMinProperties) and no reasoning: a kind that size usually benefits. Low-reasoning signal kinds (status, progress, chunk) may omit it: declare it in the schema with a root "$comment" that contains "${NO_REASONING_DIRECTIVE}" (what scaffold kind --no-reasoning writes; a "$comment" because OpenAI, Anthropic and Gemini all accept it, where an x- key is refused by the first two), or turn the rule off for the file with an overrides entry. Only vendor.* kinds: the universal and media kinds are defined upstream. Not fixable (adding a field changes the kind's contract). The advice is what the active profile and targets accept: under the strict profile, or with the openai target (which requires every property), "reasoning": {"type": ["string", "null"]} as the first property and listed in "required" (RFC 0030 §D; for gemini-legacy "type": "string", "nullable": true); otherwise "reasoning": {"type": "string"} as the first property.`,
  },
  check(node, ctx) {
    if (!node.isRoot) return;
    const kind = ctx.root.kind;
    if (!kind || !isVendorKind(kind.kind)) return;
    const props = propertiesOf(node.schema);
    if (!props || Object.hasOwn(props, 'reasoning') || declaresNoReasoning(node.schema)) return;
    const n = Object.keys(props).length;
    const min = ctx.options.reasoningMissingMinProperties;
    if (n < min) return;
    ctx.report({
      pointer: '/properties',
      messageId: 'missing',
      data: {kind: kind.kind, count: n, advice: reasoningAdviceText(reasoningAdvice(ctx.options)), min},
    });
  },
});

export default rule;
