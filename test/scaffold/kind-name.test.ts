import {describe, expect, it} from 'vitest';
import {kindNameProblem, VENDOR_KIND_GRAMMAR} from '../../src/scaffold/index.js';
import {MAX_KIND_LENGTH} from '../../src/scaffold/kind-name.js';

describe('kind names: vendor.<host>.<kind> (SPEC-NOTES §1 grammar, our [open] choice)', () => {
  it('uses the documented grammar', () => {
    expect(VENDOR_KIND_GRAMMAR.source).toBe('^vendor\\.[a-z][a-z0-9-]*(\\.[a-z][a-zA-Z0-9_-]*)+$');
  });

  it.each(['vendor.acme.plan', 'vendor.example.plan.create', 'vendor.my-host.persona.derive', 'vendor.a1.planCreate', 'vendor.acme.plan_v2', 'vendor.acme.p-2'])('accepts %s', (name) => {
    expect(kindNameProblem(name)).toBeUndefined();
  });

  it.each([
    ['', /empty/],
    ['   ', /empty/],
    ['Vendor.acme.plan', /must start with "vendor\."/],
    ['vendor.Acme.plan', /host segment "Acme"/],
    ['vendor.acme.Plan', /segment "Plan" must start with a lowercase letter/],
    ['vendor.acme.plan create', /segment "plan create"/],
    ['vendor.acme', /kind segment is missing/],
    ['vendor.', /host segment after "vendor\." is missing/],
    ['vendor.acme..plan', /empty segment/],
    ['vendor.acme.plan.', /empty segment/],
    ['vendor.1acme.plan', /host segment "1acme"/],
    ['acme.plan.create', /must start with "vendor\."/],
  ])('refuses %j with the reason', (name, reason) => {
    expect(kindNameProblem(name)).toMatch(reason);
  });

  it.each(['../x', 'vendor.acme/../../etc', '..\\x', 'vendor.acme.a/b', '/abs/vendor.acme.x', 'vendor.acme.x\0'])('refuses the path-like %j as escaping the output folder', (name) => {
    expect(kindNameProblem(name)).toMatch(/is a path, not a kind name.*outside the output folder/);
  });

  it.each(['clarification.request', 'schema.request', 'schema.response', 'error'])('refuses the universal kind %s (defined by the spec)', (name) => {
    expect(kindNameProblem(name)).toMatch(/universal kind \(RFC 0021\)/);
  });

  it.each(['media.image', 'media.custom', 'ui.card'])('refuses the reserved un-namespaced family of %s', (name) => {
    expect(kindNameProblem(name)).toMatch(/un-namespaced (media|ui)\.\* family reserved/);
  });

  it.each(['prd.create', 'theme.create', 'tasks.create'])('refuses the legacy kind %s and names its vendor form', (name) => {
    expect(kindNameProblem(name)).toMatch(new RegExp(`legacy .*deprecated.*vendor\\.<host>\\.${name.replace('.', '\\.')}`));
  });

  it.each(['openwop.plan', 'core.x.y', 'community.x.y', 'private.host.x', 'local.x'])('refuses %s: not a vendor namespace', (name) => {
    expect(kindNameProblem(name)).toMatch(/namespace; scaffold kind creates vendor kinds only/);
  });

  it('refuses a name too long to be a file name', () => {
    const name = `vendor.acme.${'a'.repeat(MAX_KIND_LENGTH)}`;
    expect(kindNameProblem(name)).toMatch(/characters; at most 242 fit in a file name/);
    expect(kindNameProblem(name.slice(0, MAX_KIND_LENGTH))).toBeUndefined();
  });
});
