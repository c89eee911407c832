// Structural checks for a SARIF 2.1.0 log as openwop emits it — the subset GitHub code scanning relies on. Exported so
// command tests (envelope, lint, …) can run it on real CLI output: `assertSarifStructure(JSON.parse(stdout))`.

const LEVELS = new Set(['error', 'warning', 'note', 'none']);

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isPosInt = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 1;

/** Every structural problem found, as `path: what` strings; empty when the log is fine. */
export function sarifStructureProblems(sarif: unknown): string[] {
  const p: string[] = [];
  if (!isObj(sarif)) return ['log: not an object'];
  if (sarif.version !== '2.1.0') p.push(`version: expected "2.1.0", got ${JSON.stringify(sarif.version)}`);
  if (typeof sarif.$schema !== 'string' || !sarif.$schema.includes('sarif')) p.push('$schema: missing or not a SARIF schema URI');
  if (!Array.isArray(sarif.runs) || sarif.runs.length === 0) return [...p, 'runs: missing or empty'];
  sarif.runs.forEach((run: unknown, ri) => {
    const at = `runs[${ri}]`;
    if (!isObj(run)) return void p.push(`${at}: not an object`);
    const driver = isObj(run.tool) && isObj(run.tool.driver) ? run.tool.driver : undefined;
    if (!driver) return void p.push(`${at}.tool.driver: missing`);
    if (typeof driver.name !== 'string' || driver.name === '') p.push(`${at}.tool.driver.name: missing`);
    const rules = Array.isArray(driver.rules) ? driver.rules : [];
    if (!Array.isArray(driver.rules)) p.push(`${at}.tool.driver.rules: missing`);
    const ids = rules.map((r: unknown) => (isObj(r) ? r.id : undefined));
    ids.forEach((id: unknown, i: number) => {
      if (typeof id !== 'string' || id === '') p.push(`${at}.tool.driver.rules[${i}].id: missing`);
      const r = rules[i] as Obj;
      if (!isObj(r.shortDescription) || typeof r.shortDescription.text !== 'string') p.push(`${at}.tool.driver.rules[${i}].shortDescription.text: missing`);
    });
    if (new Set(ids).size !== ids.length) p.push(`${at}.tool.driver.rules: duplicate ids`);
    if (!Array.isArray(run.results)) return void p.push(`${at}.results: missing (a clean run has results: [])`);
    run.results.forEach((res: unknown, i) => {
      const rat = `${at}.results[${i}]`;
      if (!isObj(res)) return void p.push(`${rat}: not an object`);
      if (typeof res.ruleId !== 'string' || !ids.includes(res.ruleId)) p.push(`${rat}.ruleId: ${JSON.stringify(res.ruleId)} not in tool.driver.rules`);
      if (res.ruleIndex !== undefined || typeof res.ruleId === 'string') {
        if (typeof res.ruleIndex !== 'number' || ids[res.ruleIndex] !== res.ruleId) p.push(`${rat}.ruleIndex: does not point at rule ${JSON.stringify(res.ruleId)}`);
      }
      if (!LEVELS.has(res.level as string)) p.push(`${rat}.level: ${JSON.stringify(res.level)}`);
      if (!isObj(res.message) || typeof res.message.text !== 'string' || res.message.text === '') p.push(`${rat}.message.text: missing or empty`);
      if (!isObj(res.partialFingerprints) || Object.keys(res.partialFingerprints).length === 0) p.push(`${rat}.partialFingerprints: missing`);
      const locs = Array.isArray(res.locations) ? res.locations : [];
      if (locs.length === 0) p.push(`${rat}.locations: missing`);
      locs.forEach((loc: unknown, li: number) => {
        const lat = `${rat}.locations[${li}].physicalLocation`;
        const phys = isObj(loc) && isObj(loc.physicalLocation) ? loc.physicalLocation : undefined;
        if (!phys) return void p.push(`${lat}: missing`);
        if (!isObj(phys.artifactLocation) || typeof phys.artifactLocation.uri !== 'string' || phys.artifactLocation.uri === '') p.push(`${lat}.artifactLocation.uri: missing`);
        else if (phys.artifactLocation.uri.includes('\\') || /\s/.test(phys.artifactLocation.uri)) p.push(`${lat}.artifactLocation.uri: not a URI (${phys.artifactLocation.uri})`);
        const region = phys.region;
        if (!isObj(region)) return void p.push(`${lat}.region: missing`);
        for (const k of ['startLine', 'startColumn', 'endLine', 'endColumn']) {
          if (k.startsWith('start') || region[k] !== undefined) {
            if (!isPosInt(region[k])) p.push(`${lat}.region.${k}: ${JSON.stringify(region[k])} is not a 1-based integer`);
          }
        }
        if (isPosInt(region.endLine) && (region.endLine as number) < (region.startLine as number)) p.push(`${lat}.region: endLine before startLine`);
      });
    });
  });
  return p;
}

/** Throws one error listing every problem, so a failing test shows them all at once. */
export function assertSarifStructure(sarif: unknown): void {
  const problems = sarifStructureProblems(sarif);
  if (problems.length > 0) throw new Error(`SARIF structure problems:\n  ${problems.join('\n  ')}`);
}
