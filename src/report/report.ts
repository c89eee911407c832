import type {FileResult, Report, Summary} from '../core/finding.js';
import {wasChecked} from './input-rules.js';

/** `files` counts the files checked: an input reported only as not read (not found, ignored, nothing to check) is not one. */
export function summarize(results: FileResult[], extra: Record<string, unknown> = {}): Summary {
  let errors = 0;
  let warnings = 0;
  let infos = 0;
  for (const r of results) {
    for (const f of r.findings) {
      if (f.severity === 'error') errors++;
      else if (f.severity === 'warning') warnings++;
      else infos++;
    }
  }
  return {files: results.filter(wasChecked).length, errors, warnings, infos, ...extra};
}

export function buildReport(command: string, version: string, results: FileResult[], extraSummary: Record<string, unknown> = {}): Report {
  return {tool: 'openwop', version, command, summary: summarize(results, extraSummary), results};
}
