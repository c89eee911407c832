import {createRequire} from 'node:module';
import type {AST, RegExpParser} from '@eslint-community/regexpp';

/**
 * JSON Schema patterns are ECMAScript regular expressions; RE2 reads another dialect and gives some shared escapes
 * other meanings (`\s` and `.` cover fewer characters, `\uXXXX` is no escape at all). This rewrites a pattern, as
 * parsed by an ECMAScript parser, into RE2 syntax that matches what the pattern matches in JavaScript with the `u`
 * flag, or says why it cannot: lookaround and backreferences have no linear-time evaluation.
 */
export type Re2Translation = {ok: true; source: string} | {ok: false; reason: string; invalid?: true};

/** RE2 refuses repetition counts above this; JavaScript does not. */
const RE2_MAX_REPEAT = 1000;

// What `\s` means in ECMAScript: WhiteSpace and LineTerminator, as code point ranges.
const SPACE: readonly [number, number][] = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
const MAX_CODE_POINT = 0x10ffff;

// General category long names (ECMAScript accepts them; RE2 knows only the short ones).
const CATEGORY_SHORT: Readonly<Record<string, string>> = {
  Letter: 'L', Cased_Letter: 'LC', Uppercase_Letter: 'Lu', Lowercase_Letter: 'Ll', Titlecase_Letter: 'Lt', Modifier_Letter: 'Lm', Other_Letter: 'Lo',
  Mark: 'M', Combining_Mark: 'M', Nonspacing_Mark: 'Mn', Spacing_Mark: 'Mc', Enclosing_Mark: 'Me',
  Number: 'N', Decimal_Number: 'Nd', digit: 'Nd', Letter_Number: 'Nl', Other_Number: 'No',
  Punctuation: 'P', punct: 'P', Connector_Punctuation: 'Pc', Dash_Punctuation: 'Pd', Open_Punctuation: 'Ps', Close_Punctuation: 'Pe',
  Initial_Punctuation: 'Pi', Final_Punctuation: 'Pf', Other_Punctuation: 'Po',
  Symbol: 'S', Math_Symbol: 'Sm', Currency_Symbol: 'Sc', Modifier_Symbol: 'Sk', Other_Symbol: 'So',
  Separator: 'Z', Space_Separator: 'Zs', Line_Separator: 'Zl', Paragraph_Separator: 'Zp',
  Other: 'C', Control: 'Cc', cntrl: 'Cc', Format: 'Cf', Surrogate: 'Cs', Private_Use: 'Co', Unassigned: 'Cn',
};

class Untranslatable extends Error {}

// Loaded on first use, like the engine: the parser is ~110 KB that only a run compiling a user schema needs.
const requireHere = createRequire(import.meta.url);
let Parser: typeof RegExpParser | undefined;

export function ecmaToRe2(pattern: string, unicode = true): Re2Translation {
  let ast: AST.Pattern;
  try {
    Parser ??= (requireHere('@eslint-community/regexpp') as {RegExpParser: typeof RegExpParser}).RegExpParser;
    ast = new Parser({ecmaVersion: 2024}).parsePattern(pattern, 0, pattern.length, {unicode});
  } catch (error) {
    return {ok: false, invalid: true, reason: `not a valid ECMAScript regular expression (${(error as Error).message})`};
  }
  try {
    return {ok: true, source: alternatives(ast.alternatives)};
  } catch (error) {
    if (error instanceof Untranslatable) return {ok: false, reason: error.message};
    throw error;
  }
}

function alternatives(list: readonly AST.Alternative[]): string {
  return list.map((alt) => alt.elements.map(element).join('')).join('|');
}

function element(node: AST.Element): string {
  switch (node.type) {
    case 'Assertion':
      return assertion(node);
    case 'Quantifier':
      return quantifier(node);
    case 'Group':
      if (node.modifiers) throw new Untranslatable('it uses a modifier group');
      return `(?:${alternatives(node.alternatives)})`;
    case 'CapturingGroup':
      // Only whether a string matches counts, so captures (and their names, whose spelling RE2 restricts) go.
      return `(?:${alternatives(node.alternatives)})`;
    case 'Backreference':
      throw new Untranslatable('it uses a backreference');
    case 'Character':
      return char(node.value);
    case 'CharacterSet':
      return node.kind === 'any' ? '[^\\x{a}\\x{d}\\x{2028}\\x{2029}]' : `[${characterSet(node)}]`;
    case 'CharacterClass':
      return characterClass(node);
    case 'ExpressionCharacterClass':
      throw new Untranslatable('it uses a set operation in a character class');
  }
}

function assertion(node: AST.Assertion): string {
  switch (node.kind) {
    case 'start':
      return '^';
    case 'end':
      return '$';
    case 'word':
      return node.negate ? '\\B' : '\\b';
    case 'lookahead':
    case 'lookbehind':
      throw new Untranslatable(`it uses a ${node.kind} assertion`);
  }
}

function quantifier(node: AST.Quantifier): string {
  const {min, max} = node;
  if (min > RE2_MAX_REPEAT || (max !== Infinity && max > RE2_MAX_REPEAT)) {
    throw new Untranslatable(`it repeats something ${max === Infinity ? min : max} times (at most ${RE2_MAX_REPEAT})`);
  }
  const bounds = max === Infinity ? (min === 0 ? '*' : min === 1 ? '+' : `{${min},}`) : min === max ? `{${min}}` : min === 0 && max === 1 ? '?' : `{${min},${max}}`;
  return `(?:${element(node.element)})${bounds}`;
}

/** The members of a class for a class escape or property, without brackets, so they can sit inside another class. */
function characterSet(node: AST.EscapeCharacterSet | AST.UnicodePropertyCharacterSet): string {
  switch (node.kind) {
    case 'digit':
      return node.negate ? '\\D' : '\\d';
    case 'word':
      return node.negate ? '\\W' : '\\w';
    case 'space':
      return ranges(node.negate ? complement(SPACE) : SPACE);
    case 'property':
      return property(node);
  }
}

function property(node: AST.UnicodePropertyCharacterSet): string {
  if (node.strings) throw new Untranslatable(`it uses the property of strings \\p{${node.key}}`);
  const p = node.negate ? 'P' : 'p';
  const {key, value} = node;
  if ((key === 'General_Category' || key === 'gc') && value !== null) return `\\${p}{${CATEGORY_SHORT[value] ?? value}}`;
  if ((key === 'Script' || key === 'sc') && value !== null) return `\\${p}{${value}}`;
  if (key === 'ASCII' || key === 'Any') {
    const set: [number, number][] = [[0, key === 'ASCII' ? 0x7f : MAX_CODE_POINT]];
    return ranges(node.negate ? complement(set) : set);
  }
  throw new Untranslatable(`it uses the Unicode property \\${p}{${value === null ? key : `${key}=${value}`}}`);
}

function characterClass(node: AST.CharacterClass): string {
  if (node.unicodeSets) throw new Untranslatable('it uses a v-mode character class');
  const members = node.elements.map(classMember).join('');
  // RE2 has no empty class: [] never matches, [^] matches anything.
  if (members === '') return node.negate ? `[${ranges([[0, MAX_CODE_POINT]])}]` : `[^${ranges([[0, MAX_CODE_POINT]])}]`;
  return `[${node.negate ? '^' : ''}${members}]`;
}

function classMember(node: AST.ClassRangesCharacterClassElement): string {
  switch (node.type) {
    case 'Character':
      return char(node.value);
    case 'CharacterClassRange':
      return `${char(node.min.value)}-${char(node.max.value)}`;
    case 'CharacterSet':
      return characterSet(node);
  }
}

/** Letters and digits as themselves, everything else by code point: no escape can mean something else to RE2. */
function char(codePoint: number): string {
  const c = String.fromCodePoint(codePoint);
  return /^[A-Za-z0-9]$/.test(c) ? c : `\\x{${codePoint.toString(16)}}`;
}

function ranges(set: readonly [number, number][]): string {
  return set.map(([lo, hi]) => (lo === hi ? char(lo) : `${char(lo)}-${char(hi)}`)).join('');
}

function complement(set: readonly [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  let next = 0;
  for (const [lo, hi] of set) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}
