// Runs action.yml's composite steps here, as the GitHub runner would: `${{ … }}` expressions substituted in `run`,
// `env`, `with` and `if`, each `shell: bash` step run with the runner's bash options in the workspace, step outputs
// read back from $GITHUB_OUTPUT. `uses:` steps (setup-node, upload-sarif) are not run: what they would be given is
// recorded instead. Only the expressions this action uses are understood; any other fails the test.
import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {parse} from 'yaml';
import {ROOT, runProgram, tempDir, type CliResult} from '../helpers/cli.js';

interface ActionStep {
  id?: string;
  if?: string;
  uses?: string;
  with?: Record<string, string>;
  shell?: string;
  run?: string;
  env?: Record<string, string>;
}

export interface ActionMetadata {
  inputs: Record<string, {description: string; required?: boolean; default?: string}>;
  outputs: Record<string, {value: string}>;
  runs: {using: string; steps: ActionStep[]};
}

export interface StepRecord {
  index: number;
  id?: string;
  uses?: string;
  /** For `uses:` steps: whether its `if` held, and the `with:` values it would get. */
  ran: boolean;
  with?: Record<string, string>;
  result?: CliResult;
}

export interface ActionRun {
  steps: StepRecord[];
  outputs: Record<string, Record<string, string>>;
  /** The action's own `outputs:` values, from the step outputs there are when it stopped. */
  actionOutputs: Record<string, string>;
  /** Lines the steps appended to $GITHUB_PATH. */
  path: string[];
  /** 0, or the exit code of the run step that stopped the action. */
  code: number;
}

export function loadAction(): ActionMetadata {
  return parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as ActionMetadata;
}

/** `name<<DELIM … DELIM` blocks and `name=value` lines, as the runner reads $GITHUB_OUTPUT. */
function readOutputFile(file: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n') : [];
  for (let i = 0; i < lines.length; i++) {
    const heredoc = /^([^=<]+)<<(.+)$/.exec(lines[i]);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2], i + 1);
      out[heredoc[1]] = lines.slice(i + 1, end).join('\n');
      i = end;
    } else if (lines[i].includes('=')) out[lines[i].slice(0, lines[i].indexOf('='))] = lines[i].slice(lines[i].indexOf('=') + 1);
  }
  return out;
}

export async function runAction(inputs: Record<string, string>, options: {workspace: string; runnerTemp: string; env?: NodeJS.ProcessEnv}): Promise<ActionRun> {
  const action = loadAction();
  for (const name of Object.keys(inputs)) if (!(name in action.inputs)) throw new Error(`action.yml has no input "${name}"`);
  const outputs: Record<string, Record<string, string>> = {};
  const pathFile = join(tempDir('openwop-action-path-'), 'path');
  writeFileSync(pathFile, '');

  const value = (expr: string): string => {
    let m: RegExpExecArray | null;
    if ((m = /^inputs\.([\w-]+)$/.exec(expr))) {
      const input = action.inputs[m[1]];
      if (!input) throw new Error(`action.yml refers to an undeclared input: ${expr}`);
      if (input.required && inputs[m[1]] === undefined) throw new Error(`required input ${m[1]} not given`);
      return inputs[m[1]] ?? input.default ?? '';
    }
    if ((m = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expr))) return outputs[m[1]]?.[m[2]] ?? '';
    if (expr === 'github.action_path') return ROOT;
    if ((m = /^'((?:[^']|'')*)'$/.exec(expr))) return m[1].replaceAll("''", "'");
    throw new Error(`expression not understood by the local runner: ${expr}`);
  };
  const condition = (expr: string): boolean =>
    expr.split('&&').every((clause) => {
      const m = /^\s*(.+?)\s*(==|!=)\s*(.+?)\s*$/.exec(clause);
      if (!m) throw new Error(`condition not understood by the local runner: ${clause}`);
      return (value(m[1]) === value(m[3])) === (m[2] === '==');
    });
  const substitute = (text: string) => text.replace(/\$\{\{\s*(.*?)\s*\}\}/g, (_all, expr: string) => value(expr));
  const ifHolds = (raw: string | undefined) => raw === undefined || condition(raw.replace(/^\s*\$\{\{\s*([\s\S]*?)\s*\}\}\s*$/, '$1'));

  const steps: StepRecord[] = [];
  for (const [index, step] of action.runs.steps.entries()) {
    if (step.uses) {
      const ran = ifHolds(step.if);
      steps.push({index, id: step.id, uses: step.uses, ran, with: Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, substitute(String(v))]))});
      continue;
    }
    if (step.shell !== 'bash' || typeof step.run !== 'string') throw new Error(`step ${index + 1}: the local runner runs bash steps only`);
    if (!ifHolds(step.if)) {
      steps.push({index, id: step.id, ran: false});
      continue;
    }
    const stepDir = tempDir('openwop-action-step-');
    const script = join(stepDir, 'step.sh');
    const outputFile = join(stepDir, 'output');
    writeFileSync(script, substitute(step.run));
    writeFileSync(outputFile, '');
    const env = {
      ...runnerEnv(options.env ?? process.env),
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: options.workspace,
      GITHUB_ACTION_PATH: ROOT,
      GITHUB_OUTPUT: outputFile,
      GITHUB_PATH: pathFile,
      RUNNER_TEMP: options.runnerTemp,
      ...Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, substitute(String(v))])),
    };
    // The runner's `shell: bash`: bash --noprofile --norc -eo pipefail {0}.
    const result = await runProgram('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {cwd: options.workspace, env});
    steps.push({index, id: step.id, ran: true, result});
    if (step.id) outputs[step.id] = readOutputFile(outputFile);
    if (result.code !== 0) return finish(result.code ?? 1);
  }
  return finish(0);

  function finish(code: number): ActionRun {
    const actionOutputs = Object.fromEntries(Object.entries(action.outputs).map(([k, o]) => [k, substitute(o.value)]));
    return {steps, outputs, actionOutputs, path: readPath(pathFile), code};
  }
}

/** The environment a runner's step starts from: the test runner's own markers (NODE_ENV=test, VITEST…) left out. */
function runnerEnv(base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(base).filter(([k]) => k !== 'NODE_ENV' && !k.startsWith('VITEST')));
}

function readPath(file: string): string[] {
  return readFileSync(file, 'utf8').split('\n').filter(Boolean);
}
