import {SINCE} from '../rule-helpers.js';
import {ptr} from '../schema-util.js';
import type {Evidence, LintRule, RuleDocs} from '../types.js';
import {keysWithEffect, treatmentOf, type Effect, type Treatment, type VendorModel} from './model.js';

const SEVERITY = {refused: 'error', ignored: 'warning', degraded: 'info'} as const;
const VERB = {refused: 'refuses', ignored: 'ignores', degraded: 'reads differently'} as const;
/** Keys whose message a rule keeps: past this (a schema of made-up keys), messages are built per finding. */
const MESSAGES_KEPT = 1024;

/**
 * The rule for one vendor model and one effect: every key of every sub-schema the vendor reads whose treatment has that
 * effect (a listed keyword, or any unlisted key when the model treats those so) is reported where it stands.
 */
export function keywordRule(model: VendorModel, effect: Effect, id: string, docs: RuleDocs, explanation: string): LintRule {
  const listed = keysWithEffect(model, effect);
  const unlisted = model.otherKeywords.effect === effect;
  const evidence: Evidence[] = [];
  for (const t of [...listed.map((k) => treatmentOf(model, k)), unlisted ? model.otherKeywords : undefined]) {
    if (t?.evidence && !evidence.some((e) => e.text === t.evidence?.text)) evidence.push(t.evidence);
  }
  // Looked up once per key of every sub-schema: a Map, not the model's record and its accepted entries.
  const reported = new Map(listed.map((k) => [k, treatmentOf(model, k) as Treatment]));
  // Each key's message (null: not reported), built once: the same few keys recur on every sub-schema of every file.
  const messages = new Map<string, string | null>();
  const fixed = listed.filter((k) => {
    const rewrite = treatmentOf(model, k)?.rewrite;
    return rewrite === 'oneof-to-anyof' || rewrite === 'const-to-enum' || rewrite === 'inline-ref';
  });
  return {
    meta: {
      id,
      ...(unlisted ? {} : {keywords: listed}),
      description: `${model.name}: keywords it ${VERB[effect]}${unlisted ? ` (anything outside its subset${listed.length > 0 ? ', and ' + listed.join(', ') : ''})` : ` (${listed.join(', ')})`}.`,
      severity: SEVERITY[effect],
      profiles: ['load-bearing', 'strict'],
      targets: [model.target],
      fixable: fixed.length > 0,
      since: SINCE,
      extension: true,
      sources: model.sources,
      evidence,
      docs,
      explanation,
    },
    check(node, ctx) {
      for (const key in node.schema) {
        let message = messages.get(key);
        if (message === undefined) {
          const t = reported.get(key) ?? (unlisted && !Object.hasOwn(model.keywords, key) ? model.otherKeywords : undefined);
          message = t === undefined ? null : `"${key}": ${t.says}`;
          if (messages.size < MESSAGES_KEPT) messages.set(key, message);
        }
        if (message === null || !Object.hasOwn(node.schema, key)) continue;
        ctx.report({doc: node.doc, pointer: ptr(node.pointer, key), message});
      }
    },
  };
}
