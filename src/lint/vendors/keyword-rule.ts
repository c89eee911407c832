import {SINCE} from '../rule-helpers.js';
import {ptr} from '../schema-util.js';
import type {Evidence, LintRule, RuleDocs} from '../types.js';
import {keysWithEffect, treatmentOf, type Effect, type Rewrite, type Treatment, type VendorModel} from './model.js';
import {rewriteFix} from './rewrite-fix.js';

/** Rewrites `--fix` applies where they keep the schema's meaning (the others are export schema's). */
const FIXABLE = new Set<Rewrite | undefined>(['oneof-to-anyof', 'const-to-enum', 'inline-ref']);
const SEVERITY = {refused: 'error', ignored: 'warning', degraded: 'info'} as const;
const VERB = {refused: 'refuses', ignored: 'ignores', degraded: 'reads differently'} as const;

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
  const fixed = listed.filter((k) => FIXABLE.has(treatmentOf(model, k)?.rewrite));
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
        const t = reported.get(key) ?? (unlisted && !Object.hasOwn(model.keywords, key) ? model.otherKeywords : undefined);
        if (t === undefined || !Object.hasOwn(node.schema, key)) continue;
        const {fix, why} = rewriteFix(t.rewrite, node);
        ctx.report({doc: node.doc, pointer: ptr(node.pointer, key), message: why ? `"${key}": ${t.says} (${why})` : `"${key}": ${t.says}`, ...(fix ? {fix} : {})});
      }
    },
  };
}
