import {defineLintRule} from '../define-lint-rule.js';
import type {LintRule, RuleDocs} from '../types.js';
import type {VendorModel} from './model.js';
import {whyNotFixed} from './rewrite-fix.js';

/** The rule for a vendor model's `format` list: a format outside it gets the model's `otherFormats` treatment. */
export function formatRule(model: VendorModel, id: string, docs: RuleDocs): LintRule {
  const formats = model.formats;
  const treatment = model.otherFormats;
  if (formats === 'any' || !treatment) throw new Error(`${model.target}: no format list to check`);
  const WHY = whyNotFixed(treatment.rewrite);
  const supported = formats.join(', ');
  return defineLintRule({
    meta: {
      id,
      keywords: ['format'],
      description: `${model.name}: "format" is one of ${supported}.`,
      severity: treatment.effect === 'refused' ? 'error' : treatment.effect === 'ignored' ? 'warning' : 'info',
      sources: model.sources,
      ...(treatment.evidence ? {evidence: [treatment.evidence]} : {}),
      docs,
      explanation: `${model.name} supports only these string formats: ${supported}. Any other is ${treatment.says}. Drop it, say it in "description", and check it in the host (export schema moves it into "description").`,
      messages: {format: '"format": {{format}} is {{says}} (supported: {{supported}}; {{why}})'},
    },
    check(node, ctx) {
      const f = node.schema.format;
      if (f !== undefined && !(typeof f === 'string' && formats.includes(f))) {
        ctx.reportAt(node, 'format', 'format', {format: JSON.stringify(f), says: treatment.says, supported, why: WHY});
      }
    },
  });
}
