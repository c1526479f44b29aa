/**
 * The output side of go-yaml's emitter (its port of libyaml), for what `yaml.marshal` writes:
 * the column and indentation state, the analysis that decides which styles a scalar allows, and
 * the plain, single-quoted, double-quoted and literal writers — with their folding of long lines
 * at 80 columns, escapes (`\t`, `\U0001F600`) and block scalar hints (`|-`, `|2+`).
 */

const BEST_INDENT = 2;

/** Which styles a scalar allows (libyaml's `scalar_data`). */
export interface ScalarAnalysis {
  readonly multiline: boolean;
  readonly plainAllowed: boolean;
  readonly singleQuotedAllowed: boolean;
  readonly blockAllowed: boolean;
}

const isBreak = (c: string) => c === '\r' || c === '\n' || c === '\u0085' || c === '\u2028' || c === '\u2029';
const isBlank = (c: string | undefined) => c === ' ' || c === '\t';

/** go-yaml's `is_printable` (which leaves out characters beyond the BMP, the BOM and tabs). */
function isPrintable(c: string): boolean {
  const cp = c.codePointAt(0) as number;
  if (cp === 0x0a || cp === 0x85 || (cp >= 0x20 && cp <= 0x7e)) return true;
  if (cp >= 0xa0 && cp <= 0xd7ff) return true;
  return cp >= 0xe000 && cp <= 0xfffd && cp !== 0xfeff;
}

/**
 * libyaml's `yaml_emitter_analyze_scalar` for block context.
 * @example analyzeScalar(' a').plainAllowed; // false
 */
export function analyzeScalar(value: string): ScalarAnalysis {
  const chars = [...value];
  if (chars.length === 0) {
    return { multiline: false, plainAllowed: true, singleQuotedAllowed: true, blockAllowed: false };
  }
  let blockIndicators = value.startsWith('---') || value.startsWith('...');
  let special = false;
  let [lineBreaks, leadingSpace, leadingBreak, trailingSpace, trailingBreak] = [
    false,
    false,
    false,
    false,
    false,
  ];
  let [breakSpace, spaceBreak, previousSpace, previousBreak] = [false, false, false, false];
  let precededByWhitespace = true;
  chars.forEach((c, i) => {
    const next = chars[i + 1];
    const followedByWhitespace = next === undefined || isBlank(next) || isBreak(next);
    const last = i === chars.length - 1;
    if (i === 0) {
      if ('#,[]{}&*!|>\'"%@`'.includes(c)) blockIndicators = true;
      else if ((c === '?' || c === ':' || c === '-') && followedByWhitespace) blockIndicators = true;
    } else if ((c === ':' && followedByWhitespace) || (c === '#' && precededByWhitespace)) {
      blockIndicators = true;
    }
    if (!isPrintable(c)) special = true;
    if (c === ' ') {
      if (i === 0) leadingSpace = true;
      if (last) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      [previousSpace, previousBreak] = [true, false];
    } else if (isBreak(c)) {
      lineBreaks = true;
      if (i === 0) leadingBreak = true;
      if (last) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      [previousSpace, previousBreak] = [false, true];
    } else {
      [previousSpace, previousBreak] = [false, false];
    }
    precededByWhitespace = isBlank(c) || isBreak(c) || c === '\0';
  });
  const edges = leadingSpace || leadingBreak || trailingSpace || trailingBreak;
  const broken = spaceBreak || special;
  return {
    multiline: lineBreaks,
    plainAllowed: !(edges || breakSpace || broken || lineBreaks || blockIndicators),
    singleQuotedAllowed: !(breakSpace || broken),
    blockAllowed: !(trailingSpace || broken),
  };
}

const ESCAPES: Readonly<Record<string, string>> = {
  '\0': '0',
  '\x07': 'a',
  '\b': 'b',
  '\t': 't',
  '\n': 'n',
  '\v': 'v',
  '\f': 'f',
  '\r': 'r',
  '\x1b': 'e',
  '"': '"',
  '\\': '\\',
  '\u0085': 'N',
  '\u00a0': '_',
  '\u2028': 'L',
  '\u2029': 'P',
};

function escapeCharacter(c: string): string {
  const known = ESCAPES[c];
  if (known) return `\\${known}`;
  const cp = c.codePointAt(0) as number;
  const hex = cp.toString(16).toUpperCase();
  if (cp <= 0xff) return `\\x${hex.padStart(2, '0')}`;
  if (cp <= 0xffff) return `\\u${hex.padStart(4, '0')}`;
  return `\\U${hex.padStart(8, '0')}`;
}

/** The emitter's output and state (libyaml's `column`, `whitespace`, `indention`, `indent`). */
export class GoYamlWriter {
  /** Where long lines fold: 80 columns in go-yaml v2, never in v3. */
  constructor(readonly bestWidth: number) {}

  out = '';
  column = 0;
  whitespace = true;
  indention = true;
  indent = -1;

  put(s: string): void {
    this.out += s;
    this.column += [...s].length;
  }

  putBreak(): void {
    this.out += '\n';
    this.column = 0;
    this.indention = true;
  }

  writeIndent(): void {
    const indent = Math.max(this.indent, 0);
    if (!this.indention || this.column > indent || (this.column === indent && !this.whitespace))
      this.putBreak();
    while (this.column < indent) this.put(' ');
    this.whitespace = true;
    this.indention = true;
  }

  writeIndicator(
    indicator: string,
    needWhitespace: boolean,
    isWhitespace: boolean,
    isIndention: boolean,
  ): void {
    if (needWhitespace && !this.whitespace) this.put(' ');
    this.put(indicator);
    this.whitespace = isWhitespace;
    this.indention = this.indention && isIndention;
  }

  writePlain(value: string, allowBreaks: boolean): void {
    if (!this.whitespace) this.put(' ');
    const chars = [...value];
    let spaces = false;
    chars.forEach((c, i) => {
      if (c === ' ') {
        if (allowBreaks && !spaces && this.column > this.bestWidth && chars[i + 1] !== ' ')
          this.writeIndent();
        else this.put(c);
        spaces = true;
      } else {
        this.put(c);
        this.indention = false;
        spaces = false;
      }
    });
    this.whitespace = false;
    this.indention = false;
  }

  writeSingleQuoted(value: string, allowBreaks: boolean): void {
    this.writeIndicator("'", true, false, false);
    const chars = [...value];
    let [spaces, breaks] = [false, false];
    chars.forEach((c, i) => {
      if (c === ' ') {
        const fold = allowBreaks && !spaces && this.column > this.bestWidth && i > 0 && i < chars.length - 1;
        if (fold && chars[i + 1] !== ' ') this.writeIndent();
        else this.put(c);
        spaces = true;
      } else if (isBreak(c)) {
        if (!breaks && c === '\n') this.putBreak();
        if (c === '\n') this.putBreak();
        else {
          this.out += c;
          this.column = 0;
        }
        this.indention = true;
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        this.put(c === "'" ? "''" : c);
        this.indention = false;
        [spaces, breaks] = [false, false];
      }
    });
    this.writeIndicator("'", false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  writeDoubleQuoted(value: string, allowBreaks: boolean): void {
    this.writeIndicator('"', true, false, false);
    const chars = [...value];
    let spaces = false;
    chars.forEach((c, i) => {
      if (!isPrintable(c) || c === '\ufeff' || isBreak(c) || c === '"' || c === '\\') {
        this.put(escapeCharacter(c));
        spaces = false;
      } else if (c === ' ') {
        if (allowBreaks && !spaces && this.column > this.bestWidth && i > 0 && i < chars.length - 1) {
          this.writeIndent();
          if (chars[i + 1] === ' ') this.put('\\');
        } else this.put(c);
        spaces = true;
      } else {
        this.put(c);
        spaces = false;
      }
    });
    this.writeIndicator('"', false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  writeLiteral(value: string): void {
    this.writeIndicator('|', true, false, false);
    const chars = [...value];
    if (chars[0] === ' ' || isBreak(chars[0] ?? ''))
      this.writeIndicator(String(BEST_INDENT), false, false, false);
    const last = chars[chars.length - 1] ?? '';
    const beforeLast = chars[chars.length - 2];
    if (!isBreak(last)) this.writeIndicator('-', false, false, false);
    else if (beforeLast === undefined || isBreak(beforeLast)) {
      this.writeIndicator('+', false, false, false);
    }
    this.putBreak();
    this.indention = true;
    this.whitespace = true;
    let breaks = true;
    for (const c of chars) {
      if (isBreak(c)) {
        if (c === '\n') this.putBreak();
        else {
          this.out += c;
          this.column = 0;
        }
        this.indention = true;
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        breaks = false;
        this.put(c);
        this.indention = false;
      }
    }
  }
}
