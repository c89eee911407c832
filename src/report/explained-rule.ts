import type {RuleDescriptor, Severity} from '../core/finding.js';

/** A pack or bundle rule as its table writes it: why it exists, then a failing and a passing example. */
export interface ExplainedRule extends RuleDescriptor {
  severity: Severity;
  explain: string;
  invalid: string;
  valid: string;
}
