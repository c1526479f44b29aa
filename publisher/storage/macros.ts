/**
 * Confluence structured macros in storage format: the generic shape, and the code, anchor and
 * children-display macros the converter emits.
 */
import { cdata, escapeAttribute, escapeText } from './xml-escape.ts';

/** A macro parameter; parameters with an `undefined` value are left out. */
export type MacroParameters = ReadonlyArray<readonly [name: string, value: string | undefined]>;

function renderParameters(parameters: MacroParameters): string {
  return parameters
    .filter((entry): entry is readonly [string, string] => entry[1] !== undefined)
    .map(
      ([key, value]) => `<ac:parameter ac:name="${escapeAttribute(key)}">${escapeText(value)}</ac:parameter>`,
    )
    .join('');
}

/** A structured macro with optional parameters and an optional rich-text body (already XHTML). */
export function structuredMacro(name: string, parameters: MacroParameters = [], richBody?: string): string {
  const params = renderParameters(parameters);
  const body = richBody === undefined ? '' : `<ac:rich-text-body>${richBody}</ac:rich-text-body>`;
  return `<ac:structured-macro ac:name="${escapeAttribute(name)}">${params}${body}</ac:structured-macro>`;
}

/** Settings of a code block taken from its fence info string. */
export interface CodeBlockInfo {
  readonly language?: string;
  readonly title?: string;
  readonly lineNumbers?: boolean;
  /** `hl_lines` as written (`1 3-4`): the code macro has no highlighting, so its title names them. */
  readonly highlightedLines?: string;
}

/** The code macro's title: the fence's title, and the lines MkDocs highlights. */
function codeTitle(info: CodeBlockInfo): string | undefined {
  const lines = info.highlightedLines?.trim().split(/\s+/).join(', ');
  if (!lines) return info.title;
  const note = `line${/[ ,-]/.test(lines) ? 's' : ''} ${lines} highlighted`;
  return info.title ? `${info.title} (${note})` : note.charAt(0).toUpperCase() + note.slice(1);
}

/**
 * The code macro: language and title as parameters, the code as a CDATA plain-text body
 * (a `]]>` inside the code is split across sections).
 *
 * @example
 * codeMacro('x = 1', { language: 'python' });
 */
export function codeMacro(code: string, info: CodeBlockInfo): string {
  const rendered = renderParameters([
    ['language', info.language],
    ['title', codeTitle(info)],
    ['linenumbers', info.lineNumbers ? 'true' : undefined],
  ]);
  return `<ac:structured-macro ac:name="code">${rendered}<ac:plain-text-body>${cdata(code)}</ac:plain-text-body></ac:structured-macro>`;
}

/** An anchor macro, the target of `ac:link ac:anchor="…"` links. */
export function anchorMacro(name: string): string {
  return structuredMacro('anchor', [['', name]]);
}

/** The children-display macro that generated section pages show. */
export function childrenMacro(): string {
  return structuredMacro('children');
}

const INFO_ATTRIBUTE = /([A-Za-z_][\w-]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|(\S+))/g;

/**
 * Reads a fence info string: ```` ```python title="app.py" linenums="1" ```` or the attribute-list
 * form ```` ``` { .python title="app.py" } ````.
 */
export function parseCodeInfo(
  lang: string | null | undefined,
  meta: string | null | undefined,
): CodeBlockInfo {
  let info = [lang, meta]
    .filter((part) => part)
    .join(' ')
    .trim();
  let language: string | undefined;
  if (info.startsWith('{')) {
    info = info.replace(/^\{|\}$/g, '');
    language = /(?:^|\s)\.([\w+#-]+)/.exec(info)?.[1];
  } else {
    language = /^[^\s{]+/.exec(info)?.[0];
    // A first word holding `=` is an option (```` ``` title="x" ````): the fence has no language.
    if (language?.includes('=')) language = undefined;
    info = info.slice(language?.length ?? 0);
    // superfences reads ``` .sh as the language sh.
    if (language?.startsWith('.')) language = language.slice(1);
  }
  const attributes = new Map<string, string>();
  for (const match of info.matchAll(INFO_ATTRIBUTE)) {
    attributes.set(match[1] ?? '', match[2] ?? match[3] ?? match[4] ?? '');
  }
  const normalized = language?.toLowerCase();
  const linenums = attributes.get('linenums');
  const highlighted = attributes.get('hl_lines')?.trim();
  return {
    ...(normalized && /^[a-z0-9_+#.-]+$/.test(normalized) ? { language: normalized } : {}),
    ...(attributes.get('title') ? { title: attributes.get('title') } : {}),
    ...(linenums !== undefined && linenums !== '0' && linenums !== 'false' ? { lineNumbers: true } : {}),
    ...(highlighted ? { highlightedLines: highlighted } : {}),
  };
}
