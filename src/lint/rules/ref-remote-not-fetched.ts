import {SINCE, SOURCES} from '../rule-helpers.js';
import {ptr} from '../schema-util.js';
import type {LintRule} from '../types.js';

const rule: LintRule = {
  meta: {
    id: 'ref/remote-not-fetched',
    description: 'An http(s) $ref is not fetched, so the schema it names is not checked.',
    severity: 'info',
    profiles: ['load-bearing', 'strict'],
    targets: ['tier1', 'openai', 'anthropic', 'gemini'],
    fixable: false,
    since: SINCE,
    extension: true,
    sources: [SOURCES.jsonSchemaRef],
    docs: {
      valid: [{type: 'object', properties: {a: {$ref: '#/$defs/a'}}, $defs: {a: {type: 'string'}}}],
      invalid: [{schema: {type: 'object', properties: {a: {$ref: 'https://example.com/schemas/a.json'}}}, findings: 1}],
    },
    explanation:
      'The linter never makes network requests: a remote $ref is reported (info) and the schema it names is left unchecked. --allow-remote-refs is accepted but remote fetching is not implemented yet, so it only changes this message. Local refs (#/…, #anchor) and relative file refs (resolved against the schema file\'s folder; against the working directory for stdin) are followed. A $ref equal to the document\'s own $id counts as local.',
  },
  check(node, ctx) {
    if (node.ref?.status !== 'remote') return;
    ctx.report({
      doc: node.doc,
      pointer: ptr(node.pointer, '$ref'),
      message: ctx.options.allowRemoteRefs
        ? `remote "$ref": "${node.ref.ref}" was not checked: --allow-remote-refs is set, but fetching remote schemas is not implemented yet; save it next to this schema and refer to it by relative path`
        : `remote "$ref": "${node.ref.ref}" was not fetched (openwop never fetches schemas), so it was not checked; save it next to this schema and refer to it by relative path`,
    });
  },
};

export default rule;
