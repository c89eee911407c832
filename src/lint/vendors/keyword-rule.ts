import type {Evidence, MessageData} from '../../core/rule.js';
import {defineLintRule} from '../define-lint-rule.js';
import type {LintRule, RuleDocs} from '../types.js';
import {keysWithEffect, treatmentOf, type Effect, type Rewrite, type Treatment, type VendorModel} from './model.js';
import {rewriteFix} from './rewrite-fix.js';

/** Rewrites `--fix` applies where they keep the schema's meaning (the others are export schema's). */
const FIXABLE = new Set<Rewrite | undefined>(['oneof-to-anyof', 'const-to-enum', 'inline-ref']);
const SEVERITY = {refused: 'error', ignored: 'warning', degraded: 'info'} as const;
const VERB = {refused: 'refuses', ignored: 'ignores', degraded: 'reads differently'} as const;
/** Keys whose treatment and message data a rule keeps: past this (a schema of made-up keys), they are worked out per finding. */
const KEPT = 1024;
const MESSAGES = {keyword: '"{{key}}": {{says}}', keywordNotFixed: '"{{key}}": {{says}} ({{why}})'};

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
  // Each key's treatment (null: not reported) and last message data, kept: the same few keys recur on every sub-schema,
  // and findings that share a (frozen) data object share one rendered message.
  const treatments = new Map<string, Treatment | null>();
  const shared = new Map<string, {why: string | undefined; data: MessageData}>();
  const fixed = listed.filter((k) => FIXABLE.has(treatmentOf(model, k)?.rewrite));
  return defineLintRule({
    meta: {
      id,
      ...(unlisted ? {keyFilter: {known: Object.keys(model.keywords), reports: (key: string) => reported.has(key) || !Object.hasOwn(model.keywords, key), others: true}} : {keywords: listed}),
      description: `${model.name}: keywords it ${VERB[effect]}${unlisted ? ` (anything outside its subset${listed.length > 0 ? ', and ' + listed.join(', ') : ''})` : ` (${listed.join(', ')})`}.`,
      severity: SEVERITY[effect],
      fixable: fixed.length > 0,
      sources: model.sources,
      evidence,
      docs,
      explanation,
      messages: MESSAGES,
    },
    check(node, ctx) {
      for (const key in node.schema) {
        let t = treatments.get(key);
        if (t === undefined) {
          t = reported.get(key) ?? (unlisted && !Object.hasOwn(model.keywords, key) ? model.otherKeywords : null);
          if (treatments.size < KEPT) treatments.set(key, t);
        }
        if (t === null || !Object.hasOwn(node.schema, key)) continue;
        const {fix, why} = rewriteFix(t.rewrite, node, key);
        let kept = shared.get(key);
        if (kept === undefined || kept.why !== why) {
          const data: MessageData = why ? {key, says: t.says, why} : {key, says: t.says};
          kept = {why, data: Object.freeze(data)};
          if (shared.size < KEPT) shared.set(key, kept);
        }
        const messageId = why ? 'keywordNotFixed' : 'keyword';
        ctx.reportAt(node, key, messageId, kept.data, fix);
      }
    },
  });
}
