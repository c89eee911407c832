import {defineLintRule} from '../define-lint-rule.js';
import {SOURCES} from '../rule-helpers.js';
import {ptr} from '../schema-util.js';

const rule = defineLintRule({
  meta: {
    id: 'ref/remote-not-fetched',
    description: 'An http(s) $ref is not fetched (without --allow-remote-refs), so the schema it names is not checked.',
    messages: {notFetched: 'remote "$ref": "{{ref}}" was not fetched, so it was not checked: pass --allow-remote-refs to fetch it, or save it next to this schema and refer to it by relative path'},
    severity: 'info',
    nodes: 'ref',
    sources: [SOURCES.jsonSchemaRef],
    docs: {
      valid: [{type: 'object', properties: {a: {$ref: '#/$defs/a'}}, $defs: {a: {type: 'string'}}}],
      invalid: [{schema: {type: 'object', properties: {a: {$ref: 'https://example.com/schemas/a.json'}}}, findings: 1}],
    },
    explanation:
      "By default the linter makes no network requests: a remote $ref is reported (info) and the schema it names is left unchecked. With --allow-remote-refs (or config lint.allowRemoteRefs) the documents named by http(s) refs are fetched (10 s timeout, 5 MB cap, same-origin redirects only, at most 20 documents) and walked like local ones; a fetch that fails is ref/unresolved with the reason. Local refs (#/…, #anchor) and relative file refs (resolved against the schema file's folder; against the working directory for stdin) are followed. A $ref equal to the document's own $id counts as local.",
  },
  check(node, ctx) {
    if (node.ref?.status !== 'remote') return;
    ctx.report({
      doc: node.doc,
      pointer: ptr(node.pointer, '$ref'),
      messageId: 'notFetched',
      data: {ref: node.ref.ref},
    });
  },
});

export default rule;
