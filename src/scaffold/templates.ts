import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {packageRoot} from '../io/package-root.js';

/** The files under `templates/kind/`; the generated files' wording and example values live there, not in code. */
export type TemplateName = 'payload.schema.json' | 'reasoning.property.json' | 'envelope.example.json' | 'texts.json';

export interface KindTexts {
  kindDescription: string;
  fieldDescription: string;
  /** How a generated placeholder description starts, so they can be counted and found. */
  placeholderMarker: string;
  /** The root "$comment" of a --no-reasoning kind: the opt-out lint's reasoning/missing honours. */
  noReasoningComment: string;
  exampleReasoning: string;
  exampleString: string;
  exampleNumber: number;
  exampleInteger: number;
  exampleBoolean: boolean;
}

const cache = new Map<TemplateName, unknown>();

function templatePath(name: TemplateName): string {
  return join(packageRoot(), 'templates', 'kind', name);
}

export function loadTemplate(name: TemplateName): unknown {
  if (!cache.has(name)) cache.set(name, JSON.parse(readFileSync(templatePath(name), 'utf8')));
  return structuredClone(cache.get(name));
}

export function kindTexts(): KindTexts {
  return loadTemplate('texts.json') as KindTexts;
}

const WHOLE = /^\{\{(\w+)\}\}$/;
const INLINE = /\{\{(\w+)\}\}/g;

/**
 * Fills `{{name}}` placeholders in a parsed JSON template. A string that is exactly one placeholder becomes the value
 * itself (an object, an array, …); an object member whose value is `undefined` is dropped, so a template can carry an
 * optional key such as `propertyOrdering`. Inside a longer string the value is interpolated as text.
 * A placeholder without a value is a bug in the template, not the user's mistake, so it throws a plain Error.
 */
export function fillTemplate(template: unknown, values: Readonly<Record<string, unknown>>): unknown {
  const lookup = (name: string): unknown => {
    if (!Object.hasOwn(values, name)) throw new Error(`template placeholder {{${name}}} has no value`);
    return values[name];
  };
  const fill = (node: unknown): unknown => {
    if (typeof node === 'string') {
      const whole = WHOLE.exec(node);
      if (whole) return lookup(whole[1]);
      return node.replace(INLINE, (_, name: string) => String(lookup(name)));
    }
    if (Array.isArray(node)) return node.map(fill);
    if (node !== null && typeof node === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(node)) {
        const filled = fill(value);
        if (filled !== undefined) out[key] = filled;
      }
      return out;
    }
    return node;
  };
  return fill(template);
}

/** Fills a text template (`"Payload of the {{kind}} envelope kind."`). */
export function fillText(text: string, values: Readonly<Record<string, unknown>>): string {
  return fillTemplate(text, values) as string;
}
