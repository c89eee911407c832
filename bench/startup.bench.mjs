// Cold start (DESIGN §6): `openwop --version` and `openwop <one small job>` wall time ÷ `node -e 0`.
import {BIN, figure, oneEnvelopeFile, paired, timeProcess} from './lib.mjs';

export const title = 'Cold start';

export async function measure({runs}) {
  const envelope = oneEnvelopeFile();
  const node = () => timeProcess(['-e', '0']);
  const rows = [];
  const version = await paired(() => timeProcess([BIN, '--version']), node, {runs});
  rows.push(figure('cold start: openwop --version ÷ node -e 0', {target: 1.5, ratio: version.ratio, detail: `median ${version.subjectMs.median.toFixed(0)} ms vs ${version.baselineMs.median.toFixed(0)} ms`}));
  const validate = await paired(() => timeProcess([BIN, 'validate', 'envelope', envelope]), node, {runs});
  rows.push(figure('cold start: openwop validate envelope <one file> ÷ node -e 0', {target: 2.0, ratio: validate.ratio, detail: `median ${validate.subjectMs.median.toFixed(0)} ms vs ${validate.baselineMs.median.toFixed(0)} ms`}));
  return rows;
}
