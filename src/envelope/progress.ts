import type {Ora} from 'ora';
import {displayText} from '../report/printable.js';

export interface Progress {
  tick(envelopes: number, file: string): void;
  stop(): void;
}

export const PROGRESS_DELAY_MS = 1000;

export const NO_PROGRESS: Progress = {tick: () => {}, stop: () => {}};

/**
 * A spinner on stderr for long runs: only when that stream is a TTY, only after the run has taken a second (short
 * runs never flash one), and ora is imported only then. The caller decides whether progress is wanted at all (never
 * with machine-readable output).
 */
export function createProgress(stream: NodeJS.WritableStream & {isTTY?: boolean}, wanted: boolean, delayMs = PROGRESS_DELAY_MS): Progress {
  if (!wanted || stream.isTTY !== true) return NO_PROGRESS;
  const started = Date.now();
  let spinner: Ora | undefined;
  let loading = false;
  let stopped = false;
  let text = '';
  return {
    tick(envelopes, file) {
      text = `${envelopes.toLocaleString('en-US')} envelopes checked in ${displayText(file)}`;
      if (spinner) spinner.text = text;
      else if (!loading && Date.now() - started >= delayMs) {
        loading = true;
        void import('ora').then(({default: ora}) => {
          if (!stopped) spinner = ora({stream, text, discardStdin: false}).start();
        });
      }
    },
    stop() {
      stopped = true;
      spinner?.stop();
    },
  };
}
