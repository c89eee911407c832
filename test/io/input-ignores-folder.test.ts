import {mkdirSync, readdirSync, writeFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {ignoreTop, InputIgnores, type NamedPath} from '../../src/io/input-ignores.js';
import {expandInputs} from '../../src/io/inputs.js';
import {ReadScope} from '../../src/io/read-scope.js';
import {tempDir} from '../helpers/cli.js';

/** A project whose ignore files leave out, bring back and override one another at several depths. */
function project(): string {
  const root = tempDir();
  const files: Record<string, string> = {
    '.gitignore': 'build/\n*.tmp.json\nsrc/generated/\n!keep.tmp.json\nnested/deep/x.json\n',
    '.openwopignore': 'drafts/**\n',
    'src/.gitignore': '!generated/\nlocal-*.json\n',
    'src/a.json': '{}',
    'src/local-one.json': '{}',
    'src/keep.tmp.json': '{}',
    'src/drop.tmp.json': '{}',
    'src/generated/g.json': '{}',
    'src/nested/deep/x.json': '{}',
    'src/nested/deep/.openwopignore': 'y.json\n!x.json\n',
    'src/nested/deep/y.json': '{}',
    'src/nested/deep/z.json': '{}',
    'build/out.json': '{}',
    'drafts/d.json': '{}',
    'docs/b.json': '{}',
    'docs/c.schema.json': '{}',
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), {recursive: true});
    writeFileSync(join(root, rel), text);
  }
  return root;
}

/** Every folder under `dir`, itself first. */
function folders(dir: string): string[] {
  return [
    dir,
    ...readdirSync(dir, {withFileTypes: true})
      .filter((e) => e.isDirectory())
      .flatMap((e) => folders(join(dir, e.name))),
  ];
}

describe('InputIgnores.inFolder', () => {
  const cases: {name: string; settings: ConstructorParameters<typeof InputIgnores>[0]; named: (root: string) => NamedPath | undefined}[] = [
    {name: 'the ignore files alone', settings: {}, named: () => undefined},
    {name: 'with the config and --ignore-pattern', settings: {config: ['docs/*.schema.json', '**/z.json'], patterns: ['src/a.json', 'build']}, named: () => undefined},
    {name: 'a config in a subfolder', settings: {config: ['*.json'], configBase: 'docs'}, named: () => undefined},
    {name: 'a named folder a .gitignore leaves out', settings: {patterns: ['g.json']}, named: (root) => ({path: join(root, 'src/generated'), isDir: true})},
    {name: 'a named project root', settings: {}, named: (root) => ({path: root, isDir: true})},
  ];

  for (const c of cases) {
    it(`gives each entry of a folder the verdict verdict() gives its path: ${c.name}`, () => {
      const root = project();
      const scope = new ReadScope({cwd: root, projectRoot: root});
      const settings = c.settings.configBase ? {...c.settings, configBase: join(root, c.settings.configBase)} : c.settings;
      const named = c.named(root);
      let asked = 0;
      let ignored = 0;
      for (const dir of folders(root)) {
        const top = ignoreTop(dir, scope, true);
        // Separate instances: the verdicts of one must not come from what the other cached.
        const byFolder = new InputIgnores(settings, scope).inFolder(dir, top, named);
        const byPath = new InputIgnores(settings, scope);
        for (const entry of readdirSync(dir, {withFileTypes: true})) {
          const isDir = entry.isDirectory();
          const expected = byPath.verdict(join(dir, entry.name), isDir, top, named);
          expect(byFolder(entry.name, isDir), `${join(dir, entry.name)}`).toEqual(expected);
          asked++;
          if (expected) ignored++;
        }
      }
      // The project is built so that every case leaves some entries out and keeps others.
      expect(ignored).toBeGreaterThan(0);
      expect(ignored).toBeLessThan(asked);
    });
  }

  it('leaves the ignore files of a folder holding only hidden entries unread, as a per-entry walk does', async () => {
    const root = tempDir();
    mkdirSync(join(root, 'quiet'));
    // Over the pattern limit: read, it would be reported as io/too-large.
    writeFileSync(join(root, 'quiet/.openwopignore'), Array.from({length: 2001}, (_, i) => `p${i}.json`).join('\n'));
    writeFileSync(join(root, 'quiet/.hidden.schema.json'), '{}');
    writeFileSync(join(root, 'a.schema.json'), '{}');
    const {sources, problems} = await expandInputs(['.'], {cwd: root, extensions: ['.json']});
    expect(sources.map((s) => s.display)).toEqual(['a.schema.json']);
    expect(problems).toEqual([]);
    // The same file in a folder with an entry to ask about is read, and reported.
    writeFileSync(join(root, 'quiet/b.schema.json'), '{}');
    const again = await expandInputs(['.'], {cwd: root, extensions: ['.json']});
    expect(again.problems.map((p) => p.ruleId)).toEqual(['io/too-large']);
  });
});
