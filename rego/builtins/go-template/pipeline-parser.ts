/**
 * Pipelines of Go templates, as `text/template`'s parser reads them: variable declarations
 * (`$x :=`, `$x =`, `$i, $e :=` in `range`), commands separated by `|`, and their operands
 * (functions, fields, variables, literals, parenthesized pipelines, field chains), with Go's
 * checks and error texts.
 */
import type { Item, ItemType } from './items.ts';
import { numberNode, unquote } from './literals.ts';
import type { ArgNode, CommandNode, PipeNode } from './nodes.ts';
import { nodeText } from './nodes.ts';

/** The functions `text/template` predefines. */
export const BUILTIN_FUNCTIONS: ReadonlySet<string> = new Set(
  'and call html index slice js len not or print printf println urlquery eq ge gt le lt ne'.split(' '),
);

const MAX_PAREN_DEPTH = 10000;

/** The parser's token stream and scope, as pipelines need them. */
export interface TokenStream {
  next(): Item;
  backup(n?: number): void;
  peek(): Item;
  nextNonSpace(): Item;
  peekNonSpace(): Item;
  unexpected(t: Item, context: string): never;
  fail(message: string): never;
  literal<T>(read: () => T): T;
  /** Position in the token list. */
  index: number;
  /** Variables in scope. */
  readonly vars: string[];
  /** Nesting of parenthesized pipelines. */
  parenDepth: number;
}

export function pipeline(p: TokenStream, context: string, end: ItemType): PipeNode {
  const start = p.peekNonSpace();
  const pipe: PipeNode = { type: 'pipe', pos: start.pos, isAssign: false, decl: [], cmds: [] };
  for (;;) {
    const v = p.peekNonSpace();
    if (v.type !== 'variable') break;
    const before = p.index;
    p.nextNonSpace();
    const afterVariable = p.peek();
    const following = p.peekNonSpace();
    if (following.type === 'assign' || following.type === 'declare') {
      pipe.isAssign = following.type === 'assign';
      p.nextNonSpace();
      pipe.decl.push({ pos: v.pos, name: v.val });
      p.vars.push(v.val);
    } else if (following.type === 'char' && following.val === ',') {
      p.nextNonSpace();
      pipe.decl.push({ pos: v.pos, name: v.val });
      p.vars.push(v.val);
      if (context === 'range' && pipe.decl.length < 2) {
        const kind = p.peekNonSpace().type;
        if (kind === 'variable' || kind === 'rightDelim' || kind === 'rightParen') continue;
        p.fail('range can only initialize variables');
      }
      p.fail(`too many declarations in ${context}`);
    } else p.index = afterVariable.type === 'space' ? before : before;
    break;
  }
  for (;;) {
    const t = p.nextNonSpace();
    if (t.type === end) {
      if (pipe.cmds.length === 0) p.fail(`missing value for ${context}`);
      pipe.cmds.slice(1).forEach((c, i) => {
        if (['bool', 'dot', 'nil', 'number', 'string'].includes((c.args[0] as ArgNode).type))
          p.fail(`non executable command in pipeline stage ${i + 2}`);
      });
      return pipe;
    }
    if (
      [
        'bool',
        'charConstant',
        'complex',
        'dot',
        'field',
        'identifier',
        'number',
        'nil',
        'rawString',
        'string',
        'variable',
        'leftParen',
      ].includes(t.type)
    ) {
      p.backup();
      pipe.cmds.push(command(p));
    } else p.unexpected(t, context);
  }
}
function command(p: TokenStream): CommandNode {
  const cmd: CommandNode = { type: 'command', pos: p.peekNonSpace().pos, args: [] };
  for (;;) {
    p.peekNonSpace();
    const operand = readOperand(p);
    if (operand) cmd.args.push(operand);
    const t = p.next();
    if (t.type === 'space') continue;
    if (t.type === 'rightDelim' || t.type === 'rightParen') p.backup();
    else if (t.type !== 'pipe') p.unexpected(t, 'operand');
    break;
  }
  if (cmd.args.length === 0) p.fail('empty command');
  return cmd;
}
function readOperand(p: TokenStream): ArgNode | undefined {
  const node = term(p);
  if (!node || p.peek().type !== 'field') return node;
  const pos = p.peek().pos;
  const fields: string[] = [];
  while (p.peek().type === 'field') fields.push(p.next().val.slice(1));
  switch (node.type) {
    case 'field':
      return { type: 'field', pos, ident: [...node.ident, ...fields] };
    case 'variable':
      return { type: 'variable', pos, ident: [...node.ident, ...fields] };
    case 'bool':
    case 'string':
    case 'number':
    case 'nil':
    case 'dot':
      return p.fail(`unexpected . after term ${JSON.stringify(nodeText(node))}`);
    default:
      return { type: 'chain', pos, node, field: fields };
  }
}
function term(p: TokenStream): ArgNode | undefined {
  const t = p.nextNonSpace();
  switch (t.type) {
    case 'identifier':
      if (!BUILTIN_FUNCTIONS.has(t.val)) p.fail(`function ${JSON.stringify(t.val)} not defined`);
      return { type: 'identifier', pos: t.pos, name: t.val };
    case 'dot':
      return { type: 'dot', pos: t.pos };
    case 'nil':
      return { type: 'nil', pos: t.pos };
    case 'variable': {
      const ident = t.val.split('.');
      if (!p.vars.includes(ident[0] as string)) p.fail(`undefined variable ${JSON.stringify(ident[0])}`);
      return { type: 'variable', pos: t.pos, ident };
    }
    case 'field':
      return { type: 'field', pos: t.pos, ident: [t.val.slice(1)] };
    case 'bool':
      return { type: 'bool', pos: t.pos, value: t.val === 'true' };
    case 'charConstant':
    case 'number':
      return p.literal(() => numberNode(t.pos, t.val, t.type === 'charConstant'));
    case 'complex':
      return p.fail(`complex constants are not supported: ${JSON.stringify(t.val)}`);
    case 'leftParen': {
      if (p.parenDepth >= MAX_PAREN_DEPTH) p.fail('max expression depth exceeded');
      p.parenDepth++;
      try {
        return pipeline(p, 'parenthesized pipeline', 'rightParen');
      } finally {
        p.parenDepth--;
      }
    }
    case 'string':
    case 'rawString':
      return { type: 'string', pos: t.pos, quoted: t.val, text: p.literal(() => unquote(t.val)) };
  }
  p.backup();
  return undefined;
}
