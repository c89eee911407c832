import type {Finding, Severity} from '../core/finding.js';
import {compileMessage, type MessageData, type Rule} from '../core/rule.js';
import type {JsonDocument} from './json-document.js';

const compiled = new Map<string, (data?: MessageData) => string>();

/** The rule's template for `messageId`, filled; each template is read once, as a stream of broken envelopes renders thousands. */
export function ruleMessage(rule: Pick<Rule, 'id' | 'messages'>, messageId: string, data: MessageData = {}): string {
  const template = rule.messages[messageId];
  if (template === undefined) throw new Error(`${rule.id} reported messageId "${messageId}", which it does not declare`);
  let fill = compiled.get(template);
  if (fill === undefined) compiled.set(template, (fill = compileMessage(template)));
  return fill(data);
}

/** A finding of `rule` at `pointer` in `doc`, its message rendered from the rule's `messageId` template with `data`. */
export function ruleFinding(doc: JsonDocument, rule: Pick<Rule, 'id' | 'messages'>, severity: Severity, messageId: string, data: Record<string, string | number | boolean>, pointer: string): Finding {
  return {...doc.finding(rule.id, severity, ruleMessage(rule, messageId, data), pointer), messageId, data};
}
