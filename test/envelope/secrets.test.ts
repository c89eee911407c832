import {describe, expect, it} from 'vitest';
import {findSecrets, maskSecrets} from '../../src/report/secrets.js';
import {SAMPLE_SECRETS} from './helpers.js';

describe('secret detection', () => {
  for (const [label, secret] of Object.entries(SAMPLE_SECRETS)) {
    it(`finds ${label} inside text and masks it without its body`, () => {
      const hits = findSecrets(`the value is ${secret} here`);
      expect(hits).toHaveLength(1);
      expect(hits[0].label).toBe(label);
      expect(hits[0].masked).toMatch(new RegExp(`…${secret.slice(-4)} \\(${secret.length} chars\\)$`));
      const masked = maskSecrets(`a ${secret} b`);
      expect(masked).not.toContain(secret.slice(8, -4));
      expect(masked).toBe(`a ${hits[0].masked} b`);
      expect(maskSecrets(masked)).toBe(masked);
    });
  }

  it('leaves prose and ordinary ids alone', () => {
    for (const text of [
      'task-management-and-scheduling-overview-2026',
      'Check bearer token or set AGENTCTL_BEARER_TOKEN',
      'Bearer authentication-header-explained',
      'the secret: keep it short',
      'env-7f3a9c run-42:plan-node:0:9b1e',
      'sha256:2f62d6b4c828c1c1fef205f75c1ad7b5b8d65f5cbe9eb1bbde1234567890abcd',
    ]) {
      expect(findSecrets(text), text).toEqual([]);
      expect(maskSecrets(text)).toBe(text);
    }
  });
});
