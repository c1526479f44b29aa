/**
 * The tokens of Go's template lexer and their text in parse errors.
 */
import { goQuote } from '../rego-text.ts';

/** Token types, as Go's lexer names them (`itemField`, `itemDeclare`, …). */
export type ItemType =
  | 'error'
  | 'bool'
  | 'char'
  | 'charConstant'
  | 'complex'
  | 'assign'
  | 'declare'
  | 'eof'
  | 'field'
  | 'identifier'
  | 'leftDelim'
  | 'leftParen'
  | 'number'
  | 'pipe'
  | 'rawString'
  | 'rightDelim'
  | 'rightParen'
  | 'space'
  | 'string'
  | 'text'
  | 'variable'
  | Keyword;

/** Words Go's lexer reports as keywords. */
type Keyword =
  | 'block'
  | 'break'
  | 'continue'
  | 'dot'
  | 'define'
  | 'else'
  | 'end'
  | 'if'
  | 'nil'
  | 'range'
  | 'template'
  | 'with';

/** The keywords of template actions. */
export const KEYWORDS: ReadonlySet<string> = new Set([
  'block',
  'break',
  'continue',
  'define',
  'else',
  'end',
  'if',
  'nil',
  'range',
  'template',
  'with',
]);

/** A token. */
export interface Item {
  readonly type: ItemType;
  readonly pos: number;
  readonly val: string;
  readonly line: number;
}

/** A token as Go prints it in parse errors: `<end>`, `"foo"`, `"0123456789"...`. */
export function itemText(i: Item): string {
  if (i.type === 'eof') return 'EOF';
  if (i.type === 'error') return i.val;
  if (KEYWORDS.has(i.type) || i.type === 'dot') return `<${i.val}>`;
  const runes = Array.from(i.val);
  return runes.length > 10 ? `${goQuote(runes.slice(0, 10).join(''))}...` : goQuote(i.val);
}
