import {SINCE, SOURCES} from '../rule-helpers.js';
import {ptr} from '../schema-util.js';
import type {LintRule} from '../types.js';

export const OPENAI_FORMATS = ['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid'];

const rule: LintRule = {
  meta: {
    id: 'openai/format',
    keywords: ['format'],
    description: 'OpenAI: "format" is one of date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid.',
    severity: 'error',
    profiles: ['load-bearing', 'strict'],
    targets: ['openai'],
    fixable: false,
    since: SINCE,
    extension: true,
    sources: [SOURCES.openai],
    docs: {
      valid: [{type: 'object', properties: {at: {type: 'string', format: 'date-time'}}, required: ['at'], additionalProperties: false}],
      invalid: [{schema: {type: 'object', properties: {url: {type: 'string', format: 'uri'}}, required: ['url'], additionalProperties: false}, findings: 1}],
    },
    explanation: `OpenAI strict mode supports only these string formats: ${OPENAI_FORMATS.join(', ')}. Any other (uri, for one) is refused. Drop it, say it in "description", and check it in the host.`,
  },
  check(node, ctx) {
    const f = node.schema.format;
    if (f !== undefined && !(typeof f === 'string' && OPENAI_FORMATS.includes(f))) {
      ctx.report({doc: node.doc, pointer: ptr(node.pointer, 'format'), message: `"format": ${JSON.stringify(f)} is not supported by OpenAI structured outputs (supported: ${OPENAI_FORMATS.join(', ')})`});
    }
  },
};

export default rule;
