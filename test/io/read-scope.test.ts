import {mkdirSync, symlinkSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {inside, ReadScope} from '../../src/io/read-scope.js';
import {tempDir} from '../helpers/cli.js';

function layout() {
  const project = tempDir();
  const away = tempDir();
  mkdirSync(join(project, 'sub'));
  writeFileSync(join(project, 'sub/a.json'), '{}');
  writeFileSync(join(away, 'b.json'), '{}');
  symlinkSync(join(away, 'b.json'), join(project, 'sub/link.json'));
  return {project, away};
}

describe('ReadScope', () => {
  it('inside: a path is inside itself and below, not beside; / holds everything', () => {
    expect(inside('/a/b', '/a')).toBe(true);
    expect(inside('/a', '/a')).toBe(true);
    expect(inside('/ab', '/a')).toBe(false);
    expect(inside('/x/y', '/')).toBe(true);
  });

  it('refuses a reference out of every root, through ".." or a link, whether or not the file exists', () => {
    const {project, away} = layout();
    const scope = new ReadScope({cwd: join(project, 'sub'), projectRoot: project});
    expect(scope.refusal(join(project, 'sub/a.json'), 'a')).toBeUndefined();
    expect(scope.refusal(join(project, 'sub/missing.json'), 'm')).toBeUndefined();
    expect(scope.refusal(join(away, 'b.json'), 'b')?.finding.ruleId).toBe('io/outside-root');
    expect(scope.refusal(join(away, 'absent.json'), 'x')?.finding.ruleId).toBe('io/outside-root');
    expect(scope.refusal(join(project, 'sub/link.json'), 'l')?.finding.ruleId).toBe('io/outside-root');
    expect(new ReadScope({cwd: project, refRoots: [away]}).refusal(join(project, 'sub/link.json'), 'l')).toBeUndefined();
  });

  it('a path named outside the project makes its folder a root (a glob its base); one named inside does not', () => {
    const {project, away} = layout();
    const named = new ReadScope({cwd: project, named: [join(away, 'b.json')]});
    expect(named.refusal(join(away, 'other.json'), 'o')).toBeUndefined();
    const globbed = new ReadScope({cwd: project, named: [`${away}/**/*.json`]});
    expect(globbed.refusal(join(away, 'deep/c.json'), 'c')).toBeUndefined();
    const within = new ReadScope({cwd: project, named: ['sub/link.json']});
    expect(within.refusal(join(away, 'b.json'), 'b')?.finding.ruleId).toBe('io/outside-root');
  });

  it('escapes: a named path outside the project is taken as named; one inside may not be a link out unless followSymlinks', () => {
    const {project, away} = layout();
    const link = join(project, 'sub/link.json');
    expect(new ReadScope({cwd: project, named: [join(away, 'b.json')]}).escapes(join(away, 'b.json'))).toBe(false);
    expect(new ReadScope({cwd: project, named: [link]}).escapes(link)).toBe(true);
    expect(new ReadScope({cwd: project, named: [link], followSymlinks: true}).escapes(link)).toBe(false);
    // Not named (a path from the config): a reference, whatever --follow-symlinks says.
    expect(new ReadScope({cwd: project, followSymlinks: true}).escapes(link)).toBe(true);
  });

  it('readReference caps the size and refuses a folder', () => {
    const {project} = layout();
    writeFileSync(join(project, 'big.json'), 'x'.repeat(2048));
    const scope = new ReadScope({cwd: project, maxBytes: 1024});
    const big = scope.readReference(join(project, 'big.json'), 'big.json');
    expect(big.ok ? 'read' : big.reason).toBe('too-large');
    const folder = scope.readReference(join(project, 'sub'), 'sub');
    expect(folder.ok ? 'read' : folder.reason).toBe('missing');
  });
});
