/**
 * The parse tree of a Go template, and each node's text as Go prints it in error messages
 * (`<eq .x 1>`, `{{end}}`).
 */

/** A number literal with the readings Go's parser gives it. */
export interface NumberNode {
  readonly type: 'number';
  readonly pos: number;
  readonly text: string;
  readonly isInt: boolean;
  readonly int: bigint;
  readonly isUint: boolean;
  readonly isFloat: boolean;
  readonly float: number;
}

/** An operand of a command. */
export type ArgNode =
  | { readonly type: 'identifier'; readonly pos: number; readonly name: string }
  | { readonly type: 'dot'; readonly pos: number }
  | { readonly type: 'nil'; readonly pos: number }
  | { readonly type: 'bool'; readonly pos: number; readonly value: boolean }
  | { readonly type: 'string'; readonly pos: number; readonly quoted: string; readonly text: string }
  | NumberNode
  | { readonly type: 'field'; readonly pos: number; readonly ident: readonly string[] }
  | { readonly type: 'variable'; readonly pos: number; readonly ident: readonly string[] }
  | {
      readonly type: 'chain';
      readonly pos: number;
      readonly node: ArgNode;
      readonly field: readonly string[];
    }
  | PipeNode;

/** One stage of a pipeline: a function or value and its arguments. */
export interface CommandNode {
  readonly type: 'command';
  readonly pos: number;
  readonly args: ArgNode[];
}

/** A pipeline with its optional variable declarations (`$x := …` or `$x = …`). */
export interface PipeNode {
  readonly type: 'pipe';
  readonly pos: number;
  isAssign: boolean;
  readonly decl: { readonly pos: number; readonly name: string }[];
  readonly cmds: CommandNode[];
}

/** A node of a template's body. */
export type Node =
  | { readonly type: 'text'; readonly pos: number; readonly text: string }
  | { readonly type: 'action'; readonly pos: number; readonly pipe: PipeNode }
  | ControlNode
  | {
      readonly type: 'template';
      readonly pos: number;
      readonly name: string;
      readonly pipe: PipeNode | undefined;
    }
  | { readonly type: 'break' | 'continue'; readonly pos: number }
  | ListNode;

/** `{{if}}`, `{{range}}` or `{{with}}` with its body and optional `{{else}}` part. */
export interface ControlNode {
  readonly type: 'if' | 'range' | 'with';
  readonly pos: number;
  readonly pipe: PipeNode;
  readonly list: ListNode;
  readonly elseList: ListNode | undefined;
}

/** A sequence of nodes. */
export interface ListNode {
  readonly type: 'list';
  readonly pos: number;
  readonly nodes: Node[];
}

/** Anything with a position that errors can point at. */
export type AnyNode = Node | ArgNode | CommandNode;

/** A node's text as Go's `String()` gives it. */
export function nodeText(n: AnyNode): string {
  switch (n.type) {
    case 'identifier':
      return n.name;
    case 'dot':
      return '.';
    case 'nil':
      return 'nil';
    case 'bool':
      return String(n.value);
    case 'string':
      return n.quoted;
    case 'number':
      return n.text;
    case 'field':
      return n.ident.map((i) => `.${i}`).join('');
    case 'variable':
      return n.ident.join('.');
    case 'chain':
      return `${n.node.type === 'pipe' ? `(${nodeText(n.node)})` : nodeText(n.node)}${n.field.map((f) => `.${f}`).join('')}`;
    case 'pipe': {
      const decl = n.decl.length ? `${n.decl.map((d) => d.name).join(', ')} ${n.isAssign ? '=' : ':='} ` : '';
      return decl + n.cmds.map(nodeText).join(' | ');
    }
    case 'command':
      return n.args.map((a) => (a.type === 'pipe' ? `(${nodeText(a)})` : nodeText(a))).join(' ');
    case 'text':
      return n.text;
    case 'action':
      return `{{${nodeText(n.pipe)}}}`;
    case 'if':
    case 'range':
    case 'with': {
      const rest = n.elseList ? `{{else}}${nodeText(n.elseList)}` : '';
      return `{{${n.type} ${nodeText(n.pipe)}}}${nodeText(n.list)}${rest}{{end}}`;
    }
    case 'template':
      return `{{template ${JSON.stringify(n.name)}${n.pipe ? ` ${nodeText(n.pipe)}` : ''}}}`;
    case 'break':
    case 'continue':
      return `{{${n.type}}}`;
    case 'list':
      return n.nodes.map(nodeText).join('');
  }
}
