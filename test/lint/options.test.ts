import {describe, expect, it} from 'vitest';
import type {OpenwopConfig} from '../../src/config/types.js';
import {levelFor} from '../../src/core/severity.js';
import {resolveLintOptions} from '../../src/lint/options.js';

const base = '/repo';
const config: OpenwopConfig = {
  rules: {'tier1/string-constraint': 'warn', 'openai/*': 'off'},
  lint: {profile: 'load-bearing', targets: ['tier1', 'openai'], reasoningMissingMinProperties: 5},
  overrides: [
    {files: ['legacy/**'], rules: {'tier1/*': 'off'}, lint: {profile: 'strict'}},
    {files: ['*.gemini.json'], lint: {targets: ['gemini']}},
  ],
};

describe('resolveLintOptions', () => {
  it('defaults: strict, tier1, threshold 3', () => {
    expect(resolveLintOptions(undefined, '/repo/a.json', {}, base)).toEqual({profile: 'strict', targets: ['tier1'], rules: {}, reasoningMissingMinProperties: 3, allowRemoteRefs: false});
  });

  it('config lint and rules apply', () => {
    const r = resolveLintOptions(config, '/repo/schemas/a.json', {}, base);
    expect(r.profile).toBe('load-bearing');
    expect(r.targets).toEqual(['tier1', 'openai']);
    expect(r.reasoningMissingMinProperties).toBe(5);
    expect(r.rules).toEqual({'tier1/string-constraint': 'warn', 'openai/*': 'off'});
  });

  it('overrides match globs relative to the config folder; a slash-less glob matches the base name', () => {
    const legacy = resolveLintOptions(config, '/repo/legacy/old/a.json', {}, base);
    expect(legacy.profile).toBe('strict');
    expect(legacy.rules['tier1/*']).toBe('off');
    expect(resolveLintOptions(config, '/repo/deep/x.gemini.json', {}, base).targets).toEqual(['gemini']);
    expect(resolveLintOptions(config, '/elsewhere/legacy/a.json', {}, base).profile).toBe('load-bearing');
  });

  it('CLI flags beat config and overrides', () => {
    const r = resolveLintOptions(config, '/repo/legacy/a.json', {profile: 'load-bearing', targets: ['anthropic'], rules: {'tier1/all-required': 'error'}, allowRemoteRefs: true}, base);
    expect(r.profile).toBe('load-bearing');
    expect(r.targets).toEqual(['anthropic']);
    expect(levelFor(['tier1/all-required'], r.rules)).toBe('error');
    expect(levelFor(['tier1/max-depth'], r.rules)).toBe('off');
    expect(r.allowRemoteRefs).toBe(true);
  });

  it('stdin matches no override', () => {
    expect(resolveLintOptions(config, '-', {}, base).rules['tier1/*']).toBeUndefined();
  });

  it('rejects unknown profiles and targets', () => {
    expect(() => resolveLintOptions({lint: {profile: 'lax' as never}}, '/repo/a.json', {}, base)).toThrow(/unknown profile/);
    expect(() => resolveLintOptions(undefined, '/repo/a.json', {targets: ['mistral' as never]}, base)).toThrow(/unknown target/);
  });
});
