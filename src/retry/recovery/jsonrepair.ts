import {parseOrNull, type Recovery} from './types.js';

/** The jsonrepair path, loaded only when a user names it in --recovery. */
export async function loadJsonRepair(): Promise<Recovery> {
  const {jsonrepair} = await import('jsonrepair');
  return {
    path: 'jsonrepair',
    recover(text) {
      let repaired: string;
      try {
        repaired = jsonrepair(text);
      } catch {
        return null;
      }
      const parsed = parseOrNull(repaired);
      return parsed ? {value: parsed.value, byteOffset: 0} : null;
    },
  };
}
