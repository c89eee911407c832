import {UserError} from '../core/user-error.js';
import {ScaffoldCancelled} from './cancelled.js';
import {enumValuesProblem, fieldPathProblem, fieldSpecText, parseFieldSpec, type PathSegment} from './field-spec.js';
import {addField, checkComplete, fieldPathConflict, type FieldNode} from './field-tree.js';
import {kindNameProblem} from './kind-name.js';

export interface PromptStreams {
  input: NodeJS.ReadableStream;
  /** Prompts go to stderr, so `--json` output on stdout stays clean. */
  output: NodeJS.WritableStream;
}

export interface KnownAnswers {
  kind?: string;
  description?: string;
  reasoning?: boolean;
}

export interface InteractiveAnswers {
  kind: string;
  description?: string;
  reasoning: boolean;
  /** As `--field` texts, so the rest of the pipeline is the one the flags use. */
  fields: string[];
}

export interface InteractiveHooks {
  /** Runs once the kind name is known, before any field is asked (e.g. refuse files that exist). */
  afterKind(kind: string): Promise<void>;
  /** Text of the final "write these files?" question. */
  confirmMessage(kind: string): string;
}

const TYPE_CHOICES = [
  {value: 'string', name: 'string'},
  {value: 'number', name: 'number'},
  {value: 'integer', name: 'integer'},
  {value: 'boolean', name: 'boolean'},
  {value: 'enum', name: 'enum (one of a fixed set of strings)'},
  {value: 'object', name: 'object (its properties come next, as name.child)'},
  {value: 'string[]', name: 'string[] (a list of strings)'},
  {value: 'number[]', name: 'number[]'},
  {value: 'integer[]', name: 'integer[]'},
  {value: 'boolean[]', name: 'boolean[]'},
  {value: 'enum[]', name: 'enum[] (a list of set values)'},
  {value: 'object[]', name: 'object[] (a list of objects; item properties come next, as name[].child)'},
];

/**
 * Asks for what the flags did not give: the kind, a description, whether it carries reasoning, then fields one at a
 * time until an empty name. Each answer is checked as it is typed, with the same rules as the flags. Ctrl-C (inquirer's
 * ExitPromptError) and "no" at the end become {@link ScaffoldCancelled}; nothing has been written at that point.
 */
export async function askForKind(known: KnownAnswers, streams: PromptStreams, hooks: InteractiveHooks): Promise<InteractiveAnswers> {
  // The three prompts it uses, not @inquirer/prompts: that one brings every prompt, and the editor prompt's encoding tables.
  const [{default: input}, {default: select}, {default: confirm}] = await Promise.all([import('@inquirer/input'), import('@inquirer/select'), import('@inquirer/confirm')]);
  const ctx = {input: streams.input, output: streams.output};
  const say = (text: string) => streams.output.write(`${text}\n`);
  try {
    const kind = known.kind ?? (await input({message: 'Kind name (vendor.<host>.<kind>):', validate: (v) => kindNameProblem(v.trim()) ?? true}, ctx)).trim();
    await hooks.afterKind(kind);
    const description = known.description ?? ((await input({message: 'What does this kind carry? (schema description; Enter for a default)'}, ctx)).trim() || undefined);
    const reasoning = known.reasoning ?? (await confirm({message: 'Should the model write its reasoning first? (RFC 0030; say no for status or progress signals)', default: true}, ctx));

    const roots: FieldNode[] = [];
    const fields: string[] = [];
    for (;;) {
      const name = (
        await input(
          {
            message: `Field ${fields.length + 1} name (a.b nests under object a, a[].b under object[] a; Enter when done):`,
            validate: (v) => {
              const text = v.trim();
              if (text === '') return true;
              const problem = fieldPathProblem(text);
              if (problem) return problem;
              return fieldPathConflict(roots, pathOf(text)) ?? true;
            },
          },
          ctx,
        )
      ).trim();
      if (name === '') {
        try {
          checkComplete(roots);
          break;
        } catch (error) {
          if (!(error instanceof UserError)) throw error;
          say(`  ${error.message}`);
          continue;
        }
      }
      let type = await select({message: `Type of ${name}:`, choices: TYPE_CHOICES, pageSize: TYPE_CHOICES.length}, ctx);
      if (type.startsWith('enum')) {
        const values = await input({message: `Allowed values of ${name}, separated by | or , (e.g. low|medium|high):`, validate: (v) => enumValuesProblem(v) ?? true}, ctx);
        type = `enum(${values.trim()})${type.endsWith('[]') ? '[]' : ''}`;
      }
      const optional = await confirm({message: `Is ${name} optional? (it stays in "required", typed to allow null)`, default: false}, ctx);
      const text = (await input({message: `Describe ${name} for the model (Enter leaves a TODO):`}, ctx)).trim();
      const field = fieldSpecText({...parseFieldSpec(`${name}:${type}`), optional, ...(text ? {description: text} : {})});
      addField(roots, parseFieldSpec(field));
      fields.push(field);
      if (type.startsWith('object')) say(`  now add the properties of ${name}: ${name}${type.endsWith('[]') ? '[]' : ''}.<name>`);
    }
    if (!(await confirm({message: hooks.confirmMessage(kind), default: true}, ctx))) throw new ScaffoldCancelled('not confirmed');
    return {kind, description, reasoning, fields};
  } catch (error) {
    if ((error as Error).name === 'ExitPromptError') throw new ScaffoldCancelled('interrupted');
    throw error;
  }
}

function pathOf(text: string): PathSegment[] {
  return [...parseFieldSpec(`${text}:string`).path];
}

/** The non-interactive command line that repeats a session, single-quoted for a POSIX shell. */
export function commandLine(bin: string, answers: InteractiveAnswers, extra: readonly string[]): string {
  const q = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replaceAll("'", `'\\''`)}'`);
  const args = [answers.kind, ...answers.fields.flatMap((f) => ['--field', f])];
  if (answers.description) args.push('--description', answers.description);
  if (!answers.reasoning) args.push('--no-reasoning');
  return [bin, 'scaffold', 'kind', ...args, ...extra].map(q).join(' ');
}
