/**
 * mdx_include, a preprocessor as in Python-Markdown: `{! file !}` is replaced by the file's text
 * wherever it stands on a line (inside a fence it becomes the fence's code), found under the
 * extension's `base_path` (relative to `mkdocs.yml`, where `mkdocs build` runs). `{!+ … !}` and
 * `{!- … !}` turn the inclusion of `{! !}` inside the included file on or off (on by default for
 * local files), `{!> … !}` indents every included line as the first, `[ln:3-5,9]` takes lines,
 * `| latin-1` names the encoding, `\{! … !}` is the syntax written as text. Included lines keep
 * the line of the directive, so warnings still point into the page.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PreprocessedText } from './preprocessed-text.ts';

/** mdx_include's settings as the converter follows them. */
export interface IncludeSettings {
  /** Absolute folder relative paths resolve against (`base_path`, resolved). */
  readonly basePath: string;
  readonly encoding: string;
  readonly allowLocal: boolean;
  readonly recursive: boolean;
  readonly truncateOnFailure: boolean;
  readonly relativeToParent: boolean;
  /** Lines written between the parts of a `[ln:1-2,5-6]` slice. */
  readonly sliceSeparator: readonly string[];
}

const DIRECTIVE = /(\\)?\{!([+-])?(>)?\s*([^\]|[]+?)(\s*\[ln:([\d.,e-]+)\])?\s*(\|\s*(.+?)\s*)?!\}/g;
const DEFAULTS: Readonly<Record<string, unknown>> = {
  syntax_left: '\\{!',
  syntax_right: '!\\}',
  syntax_delim: '\\|',
  syntax_recurs_on: '+',
  syntax_recurs_off: '-',
  syntax_apply_indent: '>',
};
const FOLLOWED = new Set([
  'base_path',
  'encoding',
  'allow_local',
  'allow_remote',
  'truncate_on_failure',
  'recurs_local',
  'recurs_remote',
  'recursive_relative_path',
  'line_slice_separator',
  'allow_circular_inclusion',
  'content_cache_local',
  'content_cache_remote',
  'content_cache_clean_local',
  'content_cache_clean_remote',
]);

/**
 * Reads mdx_include's options; options the converter does not follow are named in the returned
 * problems (each names `mdx_include`).
 *
 * @param configDir the folder of `mkdocs.yml`
 */
export function includeSettings(
  options: Readonly<Record<string, unknown>>,
  configDir: string,
): { readonly settings: IncludeSettings; readonly problems: readonly string[] } {
  const problems: string[] = [];
  for (const [name, value] of Object.entries(options)) {
    if (name in DEFAULTS) {
      if (value !== DEFAULTS[name])
        problems.push(`mdx_include: option ${name} is not followed; the default syntax is read`);
    } else if (!FOLLOWED.has(name)) problems.push(`mdx_include: option ${name} is not followed`);
  }
  const base = typeof options.base_path === 'string' ? options.base_path : '.';
  const separator = options.line_slice_separator;
  return {
    settings: {
      basePath: path.resolve(configDir, base),
      encoding: typeof options.encoding === 'string' ? options.encoding : 'utf-8',
      allowLocal: options.allow_local !== false,
      recursive: options.recurs_local !== false,
      truncateOnFailure: options.truncate_on_failure !== false,
      relativeToParent: options.recursive_relative_path === true,
      sliceSeparator: Array.isArray(separator) ? separator.map(String) : ['', ''],
    },
    problems,
  };
}

/** Rows of a `[ln:…]` slice (1-based, inclusive; `e` is the last line); undefined if not rows only. */
function sliceRows(spec: string, count: number): Array<[number, number]> | undefined {
  const rows: Array<[number, number]> = [];
  const row = (value: string, fallback: number) =>
    value === '' ? fallback : value === 'e' ? count : Number(value);
  for (const part of spec.split(',')) {
    if (part.includes('.')) return undefined;
    const [from = '', to] = part.split('-');
    const start = row(from, 1);
    const end = to === undefined ? start : row(to, count);
    if (!Number.isInteger(start) || !Number.isInteger(end)) return undefined;
    rows.push([start, end]);
  }
  return rows;
}

function decode(file: string, encoding: string): string | undefined {
  try {
    return new TextDecoder(encoding).decode(readFileSync(file));
  } catch {
    return undefined;
  }
}

/**
 * Expands a page's `{! … !}` includes.
 *
 * @example
 * expandIncludes('```py\n{! src/app.py !}\n```', settings).text;
 */
export function expandIncludes(markdown: string, settings: IncludeSettings): PreprocessedText {
  const warnings: Array<{ line: number; message: string }> = [];
  const outText: string[] = [];
  const outLines: number[] = [];
  const readInclude = (spec: RegExpExecArray, parent: string | undefined, line: number) => {
    const name = spec[4] ?? '';
    if (/^[a-z][a-z0-9+.-]*:\/\/[^/]/i.test(name)) {
      warnings.push({ line, message: `mdx_include: remote include ${name} is not fetched; left out` });
      return undefined;
    }
    if (!settings.allowLocal) return undefined;
    const base = settings.relativeToParent && parent ? path.dirname(parent) : settings.basePath;
    const file = path.resolve(base, name);
    const encoding = spec[8] ?? settings.encoding;
    const text = decode(file, encoding);
    if (text === undefined) {
      warnings.push({ line, message: `mdx_include: file not found: ${name} (under ${base}); left out` });
      return undefined;
    }
    let lines = text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
    const slice = spec[6];
    if (slice) {
      const rows = sliceRows(slice, lines.length);
      if (!rows) warnings.push({ line, message: `mdx_include: column slice [ln:${slice}] is not followed` });
      else {
        const all = lines;
        lines = rows.flatMap(([from, to], index) => [
          ...(index > 0 ? settings.sliceSeparator : []),
          ...(from <= to ? all.slice(from - 1, to) : all.slice(to - 1, from).reverse()),
        ]);
      }
    }
    return { file, lines };
  };
  const processLine = (line: string, parent: string | undefined, stack: readonly string[], at: number) => {
    const result: string[] = [];
    let offset = 0;
    for (const match of line.matchAll(DIRECTIVE)) {
      const start = match.index ?? 0;
      const before = line.slice(offset, start);
      let included: string[];
      if (match[1]) included = [match[0].slice(1)];
      else {
        const found = readInclude(match as RegExpExecArray, parent, at);
        if (!found) included = settings.truncateOnFailure ? [] : [match[0]];
        else if (stack.includes(found.file)) {
          warnings.push({ line: at, message: `mdx_include: ${match[4]} includes itself; included once` });
          included = found.lines;
        } else {
          const recurse = match[2] === '+' || (settings.recursive && match[2] !== '-');
          included = recurse
            ? found.lines.flatMap((inner) => processLine(inner, found.file, [...stack, found.file], at))
            : found.lines;
        }
      }
      if (included.length === 0) {
        if (result.length > 0) result[result.length - 1] += before;
        else result.push(before);
      } else if (match[3] === '>' && result.length === 0) {
        result.push(...included.map((entry) => before + entry));
      } else if (result.length > 0) {
        result[result.length - 1] += before + included[0];
        result.push(...included.slice(1));
      } else result.push(before + included[0], ...included.slice(1));
      offset = start + match[0].length;
    }
    if (result.length > 0) result[result.length - 1] += line.slice(offset);
    else result.push(line.slice(offset));
    return result;
  };
  markdown.split('\n').forEach((line, index) => {
    const expanded = line.includes('{!') ? processLine(line, undefined, [], index + 1) : [line];
    for (const text of expanded) {
      outText.push(text);
      outLines.push(index + 1);
    }
  });
  return { text: outText.join('\n'), lines: outLines, warnings };
}
