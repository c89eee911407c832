/**
 * Every rule id any command reports, for checking the ids a config sets (a config is shared by every command, so an
 * id is known when any command knows it). Each table is imported on first use: a config without `rules` never loads
 * them, and a command does not pay for the others' rule modules at start-up.
 */
export async function knownRuleIds(): Promise<string[]> {
  const [lint, openwop, foxctl, pack, probe, retry, pattern, bundle] = await Promise.all([
    import('./lint/index.js'),
    import('./envelope/openwop/rules.js'),
    import('./envelope/foxctl/rules.js'),
    import('./pack/rules.js'),
    import('./probe/rules.js'),
    import('./retry/rules.js'),
    import('./schemas/pattern/refusal.js'),
    import('./bundle/rules.js'),
  ]);
  const descriptors = [
    ...lint.lintRuleDescriptors(),
    ...Object.values(openwop.ENVELOPE_RULES),
    ...Object.values(foxctl.FOXCTL_RULES),
    ...pack.PACK_RULE_LIST,
    ...Object.values(probe.PROBE_RULES),
    ...retry.RETRY_RULE_LIST,
    pattern.PATTERN_UNSUPPORTED_RULE,
    ...bundle.BUNDLE_RULE_LIST,
  ];
  return [...new Set(descriptors.map((d) => d.id))];
}
