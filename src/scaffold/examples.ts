import {createHash} from 'node:crypto';
import type {FieldNode} from './field-tree.js';
import {fillTemplate, fillText, kindTexts, loadTemplate, type KindTexts} from './templates.js';

export interface ExampleEnvelopes {
  valid: Record<string, unknown>;
  invalid: Record<string, unknown>;
  /** Why `invalid` fails validation, in words (the file cannot say it: envelopes are closed at the top level). */
  invalidBecause: string;
}

/**
 * Two complete AIEnvelopes of the kind, both valid at the top level (RFC 0021). The valid one fills every field; the
 * invalid one drops the first field after reasoning, which every payload requires (optional fields are required and
 * nullable in strict emulation), so it fails at the per-kind payload stage for exactly that reason. The values are
 * fixed, not random or time-based, so a re-run with --force produces the same files.
 */
export function exampleEnvelopes(kind: string, roots: readonly FieldNode[], reasoning: boolean): ExampleEnvelopes {
  const texts = kindTexts();
  const payload: Record<string, unknown> = {};
  if (reasoning) payload.reasoning = texts.exampleReasoning;
  Object.assign(payload, exampleObject(roots, texts));

  const missingProperty = roots[0].name;
  const broken = {...payload};
  delete broken[missingProperty];
  const kindHash = createHash('sha256').update(kind).digest('hex').slice(0, 12);
  const envelope = (turn: number, body: unknown) => fillTemplate(loadTemplate('envelope.example.json'), {kind, kindHash, turn, payload: body}) as Record<string, unknown>;
  return {
    valid: envelope(1, payload),
    invalid: envelope(2, broken),
    invalidBecause: `the payload lacks the required property "${missingProperty}"`,
  };
}

function exampleObject(children: readonly FieldNode[], texts: KindTexts): Record<string, unknown> {
  return Object.fromEntries(children.map((child) => [child.name, exampleField(child, texts)]));
}

function exampleField(node: FieldNode, texts: KindTexts): unknown {
  const one = exampleValue(node, texts);
  return node.type.list ? [one] : one;
}

function exampleValue(node: FieldNode, texts: KindTexts): unknown {
  switch (node.type.base) {
    case 'string':
      return fillText(texts.exampleString, {name: node.name, path: node.path});
    case 'number':
      return texts.exampleNumber;
    case 'integer':
      return texts.exampleInteger;
    case 'boolean':
      return texts.exampleBoolean;
    case 'enum':
      return node.type.values?.[0];
    case 'object':
      return exampleObject(node.children, texts);
  }
}
