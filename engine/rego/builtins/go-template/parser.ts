/**
 * The parser of Go's `text/template`: control structures (`if`, `range`, `with`, `define`,
 * `block`, `template`, `break`, `continue`) and pipelines, with Go's checks (undefined
 * variables and functions, misplaced `{{end}}`) and error texts (`template: NAME:LINE: …`).
 */
import { type Item, type ItemType, itemText } from './items.ts';
import { lexTemplate } from './lexer.ts';
import { LiteralError, numberNode, unquote } from './literals.ts';
import type { ArgNode, CommandNode, ListNode, Node, PipeNode } from './nodes.ts';
import { nodeText } from './nodes.ts';

/** A template's text refused by Go's parser. */
export class TemplateParseError extends Error {
  override readonly name = 'TemplateParseError';
}

/** Parsed templates by name: the main one and those `define`d or `block`ed. */
export type TemplateSet = Map<string, ListNode>;

/** The functions `text/template` predefines. */
export const BUILTIN_FUNCTIONS: ReadonlySet<string> = new Set(
  'and call html index slice js len not or print printf println urlquery eq ge gt le lt ne'.split(' '),
);

type End = { readonly type: 'end' | 'else'; readonly pos: number; readonly line: number };

const MAX_PAREN_DEPTH = 10000;

function isEmptyTree(n: Node): boolean {
  if (n.type === 'list') return n.nodes.every(isEmptyTree);
  return n.type === 'text' && n.text.trim() === '';
}

/**
 * Parses `text` as template `name` (and the templates it defines) into `set`.
 * @throws {TemplateParseError} with Go's message, e.g. `template: t:1: unclosed action`
 */
export function parseTemplate(name: string, text: string, set: TemplateSet = new Map()): TemplateSet {
  const items = lexTemplate(text);
  let index = 0;
  let last: Item = items[0] as Item;
  let vars: string[] = ['$'];
  let rangeDepth = 0;
  let parenDepth = 0;
  let actionLine = 0;

  const fail = (message: string): never => {
    throw new TemplateParseError(`template: ${name}:${last.line}: ${message}`);
  };
  const next = (): Item => {
    last = items[Math.min(index, items.length - 1)] as Item;
    index++;
    return last;
  };
  const backup = (n = 1): void => {
    index -= n;
  };
  const peek = (): Item => items[Math.min(index, items.length - 1)] as Item;
  const nextNonSpace = (): Item => {
    let t = next();
    while (t.type === 'space') t = next();
    return t;
  };
  const peekNonSpace = (): Item => {
    const t = nextNonSpace();
    backup();
    return t;
  };
  const unexpected = (t: Item, context: string): never => {
    if (t.type === 'error') {
      let extra = '';
      if (actionLine !== 0 && actionLine !== t.line) {
        extra = ` in action started at ${name}:${actionLine}`;
        if (t.val.endsWith(' action')) extra = extra.slice(' in action'.length);
      }
      return fail(t.val + extra);
    }
    return fail(`unexpected ${itemText(t)} in ${context}`);
  };
  const expect = (type: ItemType, context: string): Item => {
    const t = nextNonSpace();
    if (t.type !== type) unexpected(t, context);
    return t;
  };
  const literal = <T>(read: () => T): T => {
    try {
      return read();
    } catch (e) {
      if (e instanceof LiteralError) return fail(e.message);
      throw e;
    }
  };
  const add = (treeName: string, root: ListNode): void => {
    const existing = set.get(treeName);
    if (existing === undefined || isEmptyTree(existing)) set.set(treeName, root);
    else if (!isEmptyTree(root))
      fail(`template: multiple definition of template ${JSON.stringify(treeName)}`);
  };

  const itemList = (): [ListNode, End] => {
    const list: ListNode = { type: 'list', pos: peekNonSpace().pos, nodes: [] };
    while (peekNonSpace().type !== 'eof') {
      const n = textOrAction();
      if (n.type === 'end' || n.type === 'else') return [list, n];
      list.nodes.push(n as Node);
    }
    return fail('unexpected EOF');
  };
  const textOrAction = (): Node | End => {
    const t = nextNonSpace();
    if (t.type === 'text') return { type: 'text', pos: t.pos, text: t.val };
    if (t.type !== 'leftDelim') return unexpected(t, 'input');
    actionLine = t.line;
    try {
      return action();
    } finally {
      actionLine = 0;
    }
  };
  const action = (): Node | End => {
    const t = nextNonSpace();
    switch (t.type) {
      case 'block':
        return blockControl();
      case 'break':
      case 'continue': {
        const close = nextNonSpace();
        if (close.type !== 'rightDelim') unexpected(close, `{{${t.type}}}`);
        if (rangeDepth === 0) fail(`{{${t.type}}} outside {{range}}`);
        return { type: t.type, pos: t.pos };
      }
      case 'else': {
        const p = peekNonSpace();
        if (p.type === 'if' || p.type === 'with') return { type: 'else', pos: p.pos, line: p.line };
        const close = expect('rightDelim', 'else');
        return { type: 'else', pos: close.pos, line: close.line };
      }
      case 'end': {
        const close = expect('rightDelim', 'end');
        return { type: 'end', pos: close.pos, line: close.line };
      }
      case 'if':
      case 'range':
      case 'with':
        return control(t.type);
      case 'template':
        return templateControl();
    }
    backup();
    return { type: 'action', pos: peek().pos, pipe: pipeline('command', 'rightDelim') };
  };
  const control = (context: 'if' | 'range' | 'with'): Node => {
    const mark = vars.length;
    const pipe = pipeline(context, 'rightDelim');
    if (context === 'range') rangeDepth++;
    const [list, end] = itemList();
    if (context === 'range') rangeDepth--;
    let elseList: ListNode | undefined;
    if (end.type === 'else') {
      if (context !== 'range' && peek().type === context) {
        next();
        elseList = { type: 'list', pos: end.pos, nodes: [control(context)] };
      } else {
        const [rest, close] = itemList();
        if (close.type !== 'end') fail(`expected end; found {{${close.type}}}`);
        elseList = rest;
      }
    }
    vars = vars.slice(0, mark);
    return { type: context, pos: pipe.pos, pipe, list, elseList };
  };
  const templateName = (t: Item, context: string): string =>
    t.type === 'string' || t.type === 'rawString' ? literal(() => unquote(t.val)) : unexpected(t, context);
  const templateControl = (): Node => {
    const t = nextNonSpace();
    const tmplName = templateName(t, 'template clause');
    let pipe: PipeNode | undefined;
    if (nextNonSpace().type !== 'rightDelim') {
      backup();
      pipe = pipeline('template clause', 'rightDelim');
    }
    return { type: 'template', pos: t.pos, name: tmplName, pipe };
  };
  const definition = (treeName: string, context: string): void => {
    const outer = [vars, rangeDepth] as const;
    [vars, rangeDepth] = [['$'], 0];
    const [root, end] = itemList();
    if (end.type !== 'end') fail(`unexpected {{${end.type}}} in ${context}`);
    add(treeName, root);
    [vars, rangeDepth] = outer;
  };
  const blockControl = (): Node => {
    const t = nextNonSpace();
    const blockName = templateName(t, 'block clause');
    const pipe = pipeline('block clause', 'rightDelim');
    definition(blockName, 'block clause');
    return { type: 'template', pos: t.pos, name: blockName, pipe };
  };

  const pipeline = (context: string, end: ItemType): PipeNode => {
    const start = peekNonSpace();
    const pipe: PipeNode = { type: 'pipe', pos: start.pos, isAssign: false, decl: [], cmds: [] };
    for (;;) {
      const v = peekNonSpace();
      if (v.type !== 'variable') break;
      const before = index;
      nextNonSpace();
      const afterVariable = peek();
      const following = peekNonSpace();
      if (following.type === 'assign' || following.type === 'declare') {
        pipe.isAssign = following.type === 'assign';
        nextNonSpace();
        pipe.decl.push({ pos: v.pos, name: v.val });
        vars.push(v.val);
      } else if (following.type === 'char' && following.val === ',') {
        nextNonSpace();
        pipe.decl.push({ pos: v.pos, name: v.val });
        vars.push(v.val);
        if (context === 'range' && pipe.decl.length < 2) {
          const p = peekNonSpace().type;
          if (p === 'variable' || p === 'rightDelim' || p === 'rightParen') continue;
          fail('range can only initialize variables');
        }
        fail(`too many declarations in ${context}`);
      } else index = afterVariable.type === 'space' ? before : before;
      break;
    }
    for (;;) {
      const t = nextNonSpace();
      if (t.type === end) {
        if (pipe.cmds.length === 0) fail(`missing value for ${context}`);
        pipe.cmds.slice(1).forEach((c, i) => {
          if (['bool', 'dot', 'nil', 'number', 'string'].includes((c.args[0] as ArgNode).type))
            fail(`non executable command in pipeline stage ${i + 2}`);
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
        backup();
        pipe.cmds.push(command());
      } else unexpected(t, context);
    }
  };
  const command = (): CommandNode => {
    const cmd: CommandNode = { type: 'command', pos: peekNonSpace().pos, args: [] };
    for (;;) {
      peekNonSpace();
      const operand = readOperand();
      if (operand) cmd.args.push(operand);
      const t = next();
      if (t.type === 'space') continue;
      if (t.type === 'rightDelim' || t.type === 'rightParen') backup();
      else if (t.type !== 'pipe') unexpected(t, 'operand');
      break;
    }
    if (cmd.args.length === 0) fail('empty command');
    return cmd;
  };
  const readOperand = (): ArgNode | undefined => {
    const node = term();
    if (!node || peek().type !== 'field') return node;
    const pos = peek().pos;
    const fields: string[] = [];
    while (peek().type === 'field') fields.push(next().val.slice(1));
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
        return fail(`unexpected . after term ${JSON.stringify(nodeText(node))}`);
      default:
        return { type: 'chain', pos, node, field: fields };
    }
  };
  const term = (): ArgNode | undefined => {
    const t = nextNonSpace();
    switch (t.type) {
      case 'identifier':
        if (!BUILTIN_FUNCTIONS.has(t.val)) fail(`function ${JSON.stringify(t.val)} not defined`);
        return { type: 'identifier', pos: t.pos, name: t.val };
      case 'dot':
        return { type: 'dot', pos: t.pos };
      case 'nil':
        return { type: 'nil', pos: t.pos };
      case 'variable': {
        const ident = t.val.split('.');
        if (!vars.includes(ident[0] as string)) fail(`undefined variable ${JSON.stringify(ident[0])}`);
        return { type: 'variable', pos: t.pos, ident };
      }
      case 'field':
        return { type: 'field', pos: t.pos, ident: [t.val.slice(1)] };
      case 'bool':
        return { type: 'bool', pos: t.pos, value: t.val === 'true' };
      case 'charConstant':
      case 'number':
        return literal(() => numberNode(t.pos, t.val, t.type === 'charConstant'));
      case 'complex':
        return fail(`complex constants are not supported: ${JSON.stringify(t.val)}`);
      case 'leftParen': {
        if (parenDepth >= MAX_PAREN_DEPTH) fail('max expression depth exceeded');
        parenDepth++;
        try {
          return pipeline('parenthesized pipeline', 'rightParen');
        } finally {
          parenDepth--;
        }
      }
      case 'string':
      case 'rawString':
        return { type: 'string', pos: t.pos, quoted: t.val, text: literal(() => unquote(t.val)) };
    }
    backup();
    return undefined;
  };

  const root: ListNode = { type: 'list', pos: peek().pos, nodes: [] };
  while (peek().type !== 'eof') {
    if (peek().type === 'leftDelim') {
      const mark = index;
      next();
      if (nextNonSpace().type === 'define') {
        const t = nextNonSpace();
        if (t.type !== 'string' && t.type !== 'rawString') unexpected(t, 'define clause');
        const defName = literal(() => unquote(t.val));
        expect('rightDelim', 'define clause');
        definition(defName, 'define clause');
        continue;
      }
      index = mark;
    }
    const n = textOrAction();
    if (n.type === 'end' || n.type === 'else') fail(`unexpected {{${n.type}}}`);
    else root.nodes.push(n as Node);
  }
  add(name, root);
  return set;
}
