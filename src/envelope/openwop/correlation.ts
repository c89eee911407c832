/**
 * A turn [open upstream]: the envelopes whose correlationId shares the `runId:nodeId:turnIndex` prefix of the
 * conventional `${runId}:${nodeId}:${turnIndex}:${kindHash}`. The last three parts are split off from the right, so a
 * runId may itself contain colons. undefined when the id has fewer than four parts.
 */
export interface CorrelationParts {
  /** `runId:nodeId:turnIndex`. */
  turn: string;
  /** `runId:nodeId`: the node's task, over which clarification and schema rounds are counted. */
  node: string;
}

export function parseCorrelation(correlationId: string): CorrelationParts | undefined {
  const hash = correlationId.lastIndexOf(':');
  if (hash <= 0) return undefined;
  const turnAt = correlationId.lastIndexOf(':', hash - 1);
  if (turnAt <= 0) return undefined;
  const nodeAt = correlationId.lastIndexOf(':', turnAt - 1);
  if (nodeAt <= 0) return undefined;
  return {turn: correlationId.slice(0, hash), node: correlationId.slice(0, turnAt)};
}
