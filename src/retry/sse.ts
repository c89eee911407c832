import {createParser} from 'eventsource-parser';

// The only file that knows which SSE library we use: swapping it means changing this file alone.

export interface SseEvent {
  /** The `event:` field, when the stream names its events (Anthropic, OpenAI Responses). */
  event?: string;
  data: string;
  /** 1-based line of the event's first field in the capture. */
  line: number;
}

export interface SseCapture {
  events: SseEvent[];
  /** The capture ended inside an event (no blank line after its last field): the line where that event starts. */
  cutAt?: number;
}

/** Splits a saved `text/event-stream` body into events; an unterminated last event is reported, not dispatched. */
export function readSse(text: string): SseCapture {
  const events: SseEvent[] = [];
  let line = 0;
  let eventStart = 0;
  const parser = createParser({
    onEvent: (e) => {
      events.push({...(e.event === undefined ? {} : {event: e.event}), data: e.data, line: eventStart});
      eventStart = 0;
    },
  });
  // Fed a line at a time so each event knows where it starts; captures are small enough for this to cost nothing.
  const lines = text.split(/\r\n|\r|\n/);
  const endsWithNewline = /[\r\n]$/.test(text);
  for (let i = 0; i < lines.length; i++) {
    const isLast = i === lines.length - 1;
    if (isLast && lines[i] === '' && endsWithNewline) break;
    line = i + 1;
    if (eventStart === 0 && lines[i] !== '' && !lines[i].startsWith(':')) eventStart = line;
    parser.feed(isLast && !endsWithNewline ? lines[i] : `${lines[i]}\n`);
  }
  const pending = eventStart;
  const before = events.length;
  // A blank line dispatches whatever is still buffered. A last event that only lacks its closing blank line (editors
  // trim them) is kept when its data is whole; anything else means the capture stopped inside the event.
  parser.feed('\n\n');
  if (events.length > before) {
    const last = events[events.length - 1];
    if (endsWithNewline && isWholeData(last.data)) return {events};
    events.length = before;
    return {events, cutAt: pending || line};
  }
  return {events};
}

function isWholeData(data: string): boolean {
  if (data === '[DONE]') return true;
  try {
    JSON.parse(data);
    return true;
  } catch {
    return false;
  }
}

/** A body that starts like an event stream (`data:`, `event:`, `id:` or a `:` comment line). */
export function looksLikeSse(text: string): boolean {
  return /^(?:\uFEFF)?\s*(?:data:|event:|id:|retry:|:)/.test(text);
}
