import type {RuleDescriptor} from '../../report/finding.js';

export const FOXCTL_RULES = {
  schema: {id: 'foxctl/envelope-shape', description: 'The envelope does not match the foxctl Protocol v1 envelope structure.'},
} as const satisfies Record<string, RuleDescriptor>;
