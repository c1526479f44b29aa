/**
 * The parser of Go's `text/template`: control structures (`if`, `range`, `with`, `define`,
 * `block`, `template`, `break`, `continue`) and pipelines, with Go's checks (undefined
 * variables and functions, misplaced `{{end}}`) and error texts (`template: NAME:LINE: …`).
 */
import { type Item, type ItemType, itemText } from './items.ts';
import { lexTemplate } from './lexer.ts';
import { LiteralError, unquote } from './literals.ts';
import type { ListNode, Node, PipeNode } from './nodes.ts';
import { pipeline, type TokenStream } from './pipeline-parser.ts';

/** A template's text refused by Go's parser. */
export class TemplateParseError extends Error {
  override readonly name = 'TemplateParseError';
}

/** Parsed templates by name: the main one and those `define`d or `block`ed. */
export type TemplateSet = Map<string, ListNode>;

type End = { readonly type: 'end' | 'else'; readonly pos: number; readonly line: number };

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
    return { type: 'action', pos: peek().pos, pipe: pipeline(p, 'command', 'rightDelim') };
  };
  const control = (context: 'if' | 'range' | 'with'): Node => {
    const mark = vars.length;
    const pipe = pipeline(p, context, 'rightDelim');
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
      pipe = pipeline(p, 'template clause', 'rightDelim');
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
    const pipe = pipeline(p, 'block clause', 'rightDelim');
    definition(blockName, 'block clause');
    return { type: 'template', pos: t.pos, name: blockName, pipe };
  };

  const p: TokenStream = {
    next,
    backup,
    peek,
    nextNonSpace,
    peekNonSpace,
    unexpected,
    fail,
    literal,
    get index() {
      return index;
    },
    set index(i) {
      index = i;
    },
    get vars() {
      return vars;
    },
    get parenDepth() {
      return parenDepth;
    },
    set parenDepth(d) {
      parenDepth = d;
    },
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
