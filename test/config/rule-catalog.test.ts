import {describe, expect, it} from 'vitest';
import {ENVELOPE_RULE_LIST} from '../../src/envelope/index.js';
import {IO_RULE_DESCRIPTORS} from '../../src/io/io-rules.js';
import {lintRuleDescriptors} from '../../src/lint/index.js';
import {PACK_RULE_LIST} from '../../src/pack/rules.js';
import {PROBE_RULES} from '../../src/probe/rules.js';
import {RETRY_RULE_LIST} from '../../src/retry/rules.js';
import {knownRuleIds} from '../../src/rule-catalog.js';

describe('the rule ids a config may set', () => {
  it('include every rule any command can report (its report lists them for SARIF and junit)', async () => {
    const known = new Set(await knownRuleIds());
    const reported = [...lintRuleDescriptors(), ...ENVELOPE_RULE_LIST, ...PACK_RULE_LIST, ...Object.values(PROBE_RULES), ...IO_RULE_DESCRIPTORS, ...RETRY_RULE_LIST];
    expect(reported.map((d) => d.id).filter((id) => !known.has(id))).toEqual([]);
    expect(known.has('schema/pattern-unsupported')).toBe(true);
  });
});
