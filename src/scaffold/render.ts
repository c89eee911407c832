import type {ScaffoldResult} from './index.js';
import {displayPath} from '../io/inputs.js';

const ACTION_WORDS = {created: 'created', overwritten: 'overwrote', 'would-create': 'would create', 'would-overwrite': 'would overwrite'} as const;

/** The readable summary: what was written, what to edit, what to run next; with --dry-run, the contents too. */
export function renderScaffoldText(result: ScaffoldResult, options: {bin: string; cwd: string}): string {
  const lines: string[] = [];
  const invalid = result.files.find((f) => f.role === 'invalid-example');
  const head = result.dryRun ? `Dry run, nothing written: ${result.kind} would get` : `Scaffolded ${result.kind}`;
  const lint = result.findings.length === 0 ? 'clean' : `no errors, ${result.findings.length} note${result.findings.length === 1 ? '' : 's'} below`;
  lines.push(`${head} (${result.reasoning ? 'reasoning first' : 'no reasoning field'}; strict lint for ${result.targets.join(', ')}: ${lint}):`);
  const width = Math.max(...result.files.map((f) => ACTION_WORDS[f.action].length));
  for (const f of result.files) {
    const note = f === invalid ? `  (fails on purpose: ${result.invalidBecause})` : '';
    lines.push(`  ${ACTION_WORDS[f.action].padEnd(width)}  ${f.file}${note}`);
  }
  if (result.placeholders.length > 0) {
    lines.push(
      `${result.placeholders.length} description${result.placeholders.length === 1 ? ' is a' : 's are'} TODO placeholder${result.placeholders.length === 1 ? '' : 's'}; the model reads descriptions, so write them: ${result.placeholders.join(', ')}`,
    );
  }
  lines.push(...findingLines(result.findings));
  const schema = result.files.find((f) => f.role === 'schema');
  const valid = result.files.find((f) => f.role === 'valid-example');
  if (schema && valid) {
    lines.push('Next:');
    lines.push(`  ${options.bin} validate envelope ${valid.file} --schemas ${displayPath(result.outDir, options.cwd)}`);
    lines.push(`  ${options.bin} lint schema ${schema.file} --profile strict${result.targets.map((t) => ` --target ${t}`).join('')}`);
  }
  if (result.dryRun) {
    for (const f of result.files) lines.push('', `--- ${f.file}`, f.content.trimEnd());
  }
  return `${lines.join('\n')}\n`;
}

/** Lint notes grouped by rule: a gemini target gives the same warning on every nullable property. */
function findingLines(findings: ScaffoldResult['findings']): string[] {
  const byRule = new Map<string, ScaffoldResult['findings']>();
  for (const f of findings) byRule.set(f.ruleId, [...(byRule.get(f.ruleId) ?? []), f]);
  return [...byRule].map(([ruleId, group]) => {
    const at = group.map((f) => f.pointer || '/');
    const where = at.length > 3 ? `${at.slice(0, 3).join(', ')} and ${at.length - 3} more` : at.join(', ');
    return `  ${group[0].severity} ${ruleId}${group.length > 1 ? ` (${group.length}×)` : ''} at ${where}: ${group[0].message}`;
  });
}

/** `--json`: the shape every openwop command shares (tool, version, command, summary, results), plus the kind. */
export function renderScaffoldJson(result: ScaffoldResult, options: {version: string; cwd: string}): string {
  const warnings = result.findings.filter((f) => f.severity === 'warning').length;
  const report = {
    tool: 'openwop',
    version: options.version,
    command: 'scaffold kind',
    kind: result.kind,
    dryRun: result.dryRun,
    reasoning: result.reasoning,
    targets: result.targets,
    outDir: displayPath(result.outDir, options.cwd),
    examplesDir: displayPath(result.examplesDir, options.cwd),
    invalidExample: {file: result.files.find((f) => f.role === 'invalid-example')?.file, reason: result.invalidBecause},
    placeholders: result.placeholders,
    summary: {files: result.files.length, written: result.dryRun ? 0 : result.files.length, errors: 0, warnings, placeholders: result.placeholders.length},
    results: result.files.map((f) => ({
      file: f.file,
      role: f.role,
      action: f.action,
      findings: f.role === 'schema' ? result.findings : [],
      ...(result.dryRun ? {content: f.content} : {}),
    })),
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}
