import {dirname, resolve} from 'node:path';
import {applyBaseline, updatedSection, type BaselineScope} from './baseline.js';
import {serializeBaseline, type BaselineSection, type PointerCounts} from './baseline-file.js';
import {checkBaselineTarget, readBaseline, readBaselineToUpdate, writeBaseline} from './baseline-io.js';
import type {Report} from '../core/finding.js';

export interface BaselineRun {
  /** --baseline FILE. */
  file: string;
  /** --update-baseline: record this run's findings in FILE (this command's section only). */
  update: boolean;
  /** --force: let --update-baseline replace a file that is not a baseline. */
  force: boolean;
  command: string;
  cwd: string;
  projectRoot: string;
  /** The paths named on the command line. */
  inputs: readonly string[];
  /** See BaselineScope.folderOf. */
  folderOf?: (resultFile: string) => string | undefined;
  /** See BaselineScope.takes. */
  takes?: (path: string) => boolean;
  /**
   * The current id of each rule id a baseline may hold from before a rename (an earlier id → its rule's id), so a
   * baseline written under the old ids still settles the same findings, and an update rewrites it under the new ones.
   */
  renamedIds?: () => Promise<ReadonlyMap<string, string>>;
}

export interface BaselineOutcome {
  report: Report;
  /** What to tell the user on stderr after an update (written, or why not). */
  note?: string;
}

/** Applies the baseline to a run's report, writing it first with --update-baseline; `fatal`: the run could not do its job. */
export type SettleBaseline = (report: Report, fatal: boolean) => Promise<BaselineOutcome>;

/**
 * Reads (and with --update-baseline, checks the target of) the baseline before the run starts, so a missing or
 * malformed file fails in a moment rather than after checking a whole registry; returns what settles the report.
 */
export function openBaseline(run: BaselineRun): SettleBaseline {
  const scope: BaselineScope = {folder: dirname(resolve(run.cwd, run.file)), cwd: run.cwd, inputs: run.inputs, folderOf: run.folderOf, takes: run.takes};
  if (!run.update) {
    const section: BaselineSection = readBaseline(run.file).commands.get(run.command) ?? new Map<string, Map<string, PointerCounts>>();
    return async (report) => ({report: applyBaseline(report, await currentIds(section, run), scope).report});
  }
  checkBaselineTarget(run.file, run.projectRoot);
  const baseline = readBaselineToUpdate(run.file, run.force);
  return async (report, fatal) => {
    // A baseline written now would forget the findings of the inputs that could not be checked.
    if (fatal) return {report, note: `${run.file} not updated: this run could not check every input`};
    const recorded = baseline.commands.get(run.command);
    const section = updatedSection(report, recorded && (await currentIds(recorded, run)), scope);
    baseline.commands.set(run.command, section);
    await writeBaseline(run.file, serializeBaseline(baseline), run.projectRoot);
    const applied = applyBaseline(report, section, scope);
    return {report: applied.report, note: `${run.file} updated: ${applied.baselined} finding${applied.baselined === 1 ? '' : 's'} of ${run.command} recorded`};
  };
}

/** `section` with every renamed rule id replaced by its rule's id (counts of an old and a new key of one rule add up). */
async function currentIds(section: BaselineSection, run: BaselineRun): Promise<BaselineSection> {
  if (!run.renamedIds) return section;
  const renamed = await run.renamedIds();
  const out: BaselineSection = new Map();
  for (const [file, rules] of section) {
    const next = new Map<string, PointerCounts>();
    for (const [ruleId, pointers] of rules) {
      const id = renamed.get(ruleId) ?? ruleId;
      const into = next.get(id) ?? new Map<string, number>();
      for (const [pointer, count] of pointers) into.set(pointer, (into.get(pointer) ?? 0) + count);
      next.set(id, into);
    }
    out.set(file, next);
  }
  return out;
}
