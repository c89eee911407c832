import {describe, expect, it} from 'vitest';
import {defineRule} from '../../src/core/rule.js';
import {explainRule, explainRules, ruleListJson, ruleTable} from '../../src/report/explain-rules.js';
import {UserError} from '../../src/core/user-error.js';

const duplicate = defineRule({
  id: 'envelope/duplicate-id',
  description: 'Two envelopes share an envelopeId.',
  code: 'envelope_duplicate',
  aliases: ['envelope-duplicate-id'],
  commands: ['validate envelope'],
  explanation: 'Hosts key envelopes by id, so the second one is dropped.',
  sources: [{url: 'https://example.org/rfc', title: 'RFC 0001', verified: '2026-10'}],
  evidence: [{kind: 'api-error', text: 'duplicate envelopeId', url: 'https://example.org/api', verified: '2026-09'}],
  examples: {invalid: ['[{"envelopeId": "a"}, {"envelopeId": "a"}]'], valid: ['[{"envelopeId": "a"}, {"envelopeId": "b"}]']},
});
const depth = defineRule({id: 'tier1/max-depth', description: 'Nest at most 5 levels.', severity: 'warning', fixable: true, profiles: ['strict'], targets: ['tier1'], commands: ['lint schema']});
const empty = defineRule({id: 'io/empty', description: 'The input is empty.'});
const book = {command: 'validate envelope' as const, own: [duplicate, empty], all: [duplicate, empty, depth]};

describe('explainRule', () => {
  const text = explainRule(duplicate);

  it('prints id, default severity, commands, upstream code, aliases and the docs URL', () => {
    expect(text).toMatch(/^envelope\/duplicate-id — Two envelopes share an envelopeId\.\n/);
    expect(text).toContain('  default severity  error\n');
    expect(text).toContain('  commands          validate envelope\n');
    expect(text).toContain('  upstream code     envelope_duplicate\n');
    expect(text).toContain('  aliases           envelope-duplicate-id\n');
    expect(text).toMatch(/ {2}docs {14}https:\/\/\S+\/envelope\/duplicate-id\.md\n/);
  });

  it('prints the explanation, sources and evidence with the month verified, then the invalid and valid examples', () => {
    expect(text).toContain('Hosts key envelopes by id, so the second one is dropped.');
    expect(text).toContain('  - RFC 0001: https://example.org/rfc (verified 2026-10)');
    expect(text).toContain('  - API error: "duplicate envelopeId"\n    https://example.org/api (verified 2026-09)');
    expect(text).toContain('Invalid:\n    [{"envelopeId": "a"}, {"envelopeId": "a"}]\n\nValid:\n    [{"envelopeId": "a"}, {"envelopeId": "b"}]\n');
  });

  it('says a rule with no commands applies everywhere, and leaves out what a rule does not have', () => {
    const plain = explainRule(empty);
    expect(plain).toContain('  commands          every checking command\n');
    for (const absent of ['upstream code', 'aliases', 'profiles', 'Sources:', 'Evidence', 'Invalid:', 'Valid:']) expect(plain).not.toContain(absent);
  });
});

describe('explainRules', () => {
  it("explains every rule of the command for all, and no other command's", () => {
    const all = explainRules(book, 'all');
    expect(all).toContain('envelope/duplicate-id — ');
    expect(all).toContain('io/empty — ');
    expect(all).not.toContain('tier1/max-depth');
  });

  it('resolves an alias or upstream code and says which rule it names', () => {
    expect(explainRules(book, 'envelope-duplicate-id')).toMatch(/^envelope-duplicate-id is an alias of envelope\/duplicate-id\.\n\nenvelope\/duplicate-id — /);
    expect(explainRules(book, 'envelope_duplicate')).toMatch(/^envelope_duplicate is an alias of envelope\/duplicate-id\./);
    expect(explainRules(book, 'envelope/duplicate-id')).not.toContain('alias of');
  });

  it("explains another command's rule named by its id", () => {
    expect(explainRules(book, 'tier1/max-depth')).toContain('  commands          lint schema\n');
  });

  it('refuses an unknown name with the closest ids and where to list them', () => {
    let error: unknown;
    try {
      explainRules(book, 'envelope/duplicat-id');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).message).toBe('unknown rule "envelope/duplicat-id"; did you mean envelope/duplicate-id?');
    expect((error as UserError).hint).toBe('openwop validate envelope --list-rules lists its rules');
  });
});

describe('ruleTable and ruleListJson', () => {
  it('lists id, severity, fixable and description, with profile and target columns only when a rule has them', () => {
    const lines = ruleTable([duplicate, empty]).split('\n');
    expect(lines[0]).toMatch(/^RULE +SEVERITY +FIXABLE +DESCRIPTION$/);
    expect(lines[1]).toMatch(/^envelope\/duplicate-id +error +Two envelopes share an envelopeId\.$/);
    const scoped = ruleTable([depth, empty]).split('\n');
    expect(scoped[0]).toMatch(/^RULE +SEVERITY +FIXABLE +PROFILES +TARGETS +DESCRIPTION$/);
    expect(scoped[1]).toMatch(/^tier1\/max-depth +warning +yes +strict +tier1 +Nest at most 5 levels\.$/);
  });

  it('writes each rule for picking and linking: no explanation, examples or message templates, with its docs URL', () => {
    const list = JSON.parse(ruleListJson([duplicate, depth])) as Record<string, unknown>[];
    expect(list.map((r) => r.id)).toEqual(['envelope/duplicate-id', 'tier1/max-depth']);
    expect(list[0]).toMatchObject({severity: 'error', aliases: ['envelope-duplicate-id', 'envelope_duplicate'], family: 'envelope'});
    for (const r of list) for (const bulky of ['explanation', 'examples', 'messages', 'docs']) expect(r).not.toHaveProperty(bulky);
    expect(list[0].docsUrl).toMatch(/^https:\/\/\S+\/envelope\/duplicate-id\.md$/);
  });
});
