// A deliberately small XML 1.0 reader for tests: enough to prove the junit output is well-formed (balanced tags, quoted
// attributes, only known entities, only legal characters) and to read it back. No DTDs, CDATA or namespaces — the
// formatter emits none, so meeting one is itself a failure.

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'"};

function isLegalChar(cp: number): boolean {
  return cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);
}

const isNameChar = (c: string): boolean => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c === '-' || c === '_' || c === '.' || c === ':';
const isSpace = (c: string): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r';

/** Parses `xml` or throws with the offset of the first problem. */
export function parseXml(xml: string): XmlElement {
  for (const ch of xml) {
    const cp = ch.codePointAt(0) as number;
    // A lone surrogate shows up as its own code point when iterating.
    if (!isLegalChar(cp) || (cp >= 0xd800 && cp <= 0xdfff)) throw new Error(`illegal XML character U+${cp.toString(16)}`);
  }
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(`${why} at offset ${i}: ${JSON.stringify(xml.slice(Math.max(0, i - 20), i + 20))}`);
  };
  const skipSpace = (): void => {
    while (i < xml.length && isSpace(xml[i])) i++;
  };
  const name = (): string => {
    const start = i;
    while (i < xml.length && isNameChar(xml[i])) i++;
    if (i === start) fail('expected a name');
    return xml.slice(start, i);
  };
  const entity = (): string => {
    const end = xml.indexOf(';', i);
    if (end < 0 || end - i > 10) fail('unterminated entity');
    const ref = xml.slice(i + 1, end);
    i = end + 1;
    if (ref.startsWith('#x')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    if (!(ref in ENTITIES)) fail(`unknown entity &${ref};`);
    return ENTITIES[ref];
  };

  if (xml.startsWith('<?xml')) {
    const end = xml.indexOf('?>');
    if (end < 0) fail('unterminated XML declaration');
    i = end + 2;
  }
  skipSpace();

  const element = (): XmlElement => {
    if (xml[i] !== '<') fail('expected <');
    i++;
    const el: XmlElement = {name: name(), attrs: {}, children: [], text: ''};
    for (;;) {
      const hadSpace = i < xml.length && isSpace(xml[i]);
      skipSpace();
      if (xml.startsWith('/>', i)) {
        i += 2;
        return el;
      }
      if (xml[i] === '>') {
        i++;
        break;
      }
      if (!hadSpace) fail('expected whitespace before attribute');
      const attr = name();
      if (attr in el.attrs) fail(`duplicate attribute ${attr}`);
      skipSpace();
      if (xml[i] !== '=') fail('expected =');
      i++;
      skipSpace();
      const quote = xml[i];
      if (quote !== '"' && quote !== "'") fail('expected a quoted value');
      i++;
      let value = '';
      while (xml[i] !== quote) {
        if (i >= xml.length) fail('unterminated attribute');
        if (xml[i] === '<') fail('raw < in attribute');
        if (xml[i] === '&') value += entity();
        else value += xml[i++];
      }
      i++;
      el.attrs[attr] = value;
    }
    for (;;) {
      if (i >= xml.length) fail(`unclosed <${el.name}>`);
      if (xml.startsWith('</', i)) {
        i += 2;
        const closing = name();
        if (closing !== el.name) fail(`</${closing}> closes <${el.name}>`);
        skipSpace();
        if (xml[i] !== '>') fail('expected >');
        i++;
        return el;
      }
      if (xml.startsWith('<!', i) || xml.startsWith('<?', i)) fail('unexpected markup declaration');
      if (xml[i] === '<') el.children.push(element());
      else if (xml[i] === '&') el.text += entity();
      else if (xml.startsWith(']]>', i)) fail(']]> in text');
      else el.text += xml[i++];
    }
  };

  const root = element();
  skipSpace();
  if (i !== xml.length) fail('content after the root element');
  return root;
}

export function childrenNamed(el: XmlElement, name: string): XmlElement[] {
  return el.children.filter((c) => c.name === name);
}
