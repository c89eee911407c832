import {existsSync} from 'node:fs';

import {describe, expect, it} from 'vitest';

import {REFERENCE_ROOT} from './support/reference.js';

// The differential suite is only meaningful with the reference material next to the project; its absence is a failure, not a skip.
describe('reference material', () => {
  it(`is present at ../shared/reference (${REFERENCE_ROOT})`, () => {
    expect(existsSync(REFERENCE_ROOT), `missing ${REFERENCE_ROOT}: the differential tests cannot run without it`).toBe(true);
  });

  it.each(['openwop/schemas', 'openwop/fixtures', 'foxctl/golden'])('has %s', (sub) => {
    expect(existsSync(`${REFERENCE_ROOT}/${sub}`), `missing ${REFERENCE_ROOT}/${sub}`).toBe(true);
  });
});
