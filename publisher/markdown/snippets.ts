/**
 * pymdownx.snippets, a preprocessor as in Python-Markdown: `--8<-- "file"` lines (the inline form)
 * and `--8<--` … `--8<--` blocks listing files are replaced by the files' text, found under the
 * site's `base_path` folders; `file:3:9` takes lines, `file:name` a `--8<-- [start:name]` section;
 * `;--8<--` escapes; `auto_append` files are appended. Expanded lines keep the line of the
 * directive, so warnings still point into the page.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Where snippets are looked up. */
export interface SnippetSettings {
  /** Absolute folders searched in order (the site's `base_path`, resolved). */
  readonly basePaths: readonly string[];
  /** Files appended to every page. */
  readonly autoAppend: readonly string[];
  /**
   * `auto_append` files that are not found: reported once for the site (with the number of pages
   * they miss) instead of once per page.
   */
  readonly missingAutoAppend?: readonly string[];
  /**
   * The `auto_append` files hold only definitions (links, abbreviations), read once for the site
   * ({@link AppendedDefinitions}) instead of being appended to, and parsed with, every page.
   */
  readonly appendedDefinitions?: AppendedDefinitions;
  /** Snippet files already read during this build, by absolute path (`undefined`: not found). */
  readonly cache: Map<string, string | undefined>;
}

function readCached(file: string, cache: Map<string, string | undefined>): string | undefined {
  if (cache.has(file)) return cache.get(file);
  let text: string | undefined;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    text = undefined;
  }
  cache.set(file, text);
  return text;
}

/** Reference and abbreviation definitions read once for every page of a site (markdown-it's env). */
export interface AppendedDefinitions {
  readonly references?: Readonly<Record<string, unknown>>;
  readonly abbreviations?: Readonly<Record<string, unknown>>;
}

/** A page with its snippets expanded, and the page line of every expanded line (1-based). */
export interface ExpandedSnippets {
  readonly text: string;
  readonly lines: readonly number[];
  readonly warnings: ReadonlyArray<{ readonly line: number; readonly message: string }>;
}

const INLINE = /^(\s*)(;*)-{1,}8<-{1,}[ \t]+(["'])(.+?)\3\s*$/;
const BLOCK = /^(\s*)(;*)-{1,}8<-{1,}\s*$/;
const ESCAPED_SECTION = /^.*?;+-{1,}8<-{1,}[ \t]+\[(?:start|end):[\w-]+\].*$/;
const SECTION_MARK = /^.*?-{1,}8<-{1,}[ \t]+\[(?:start|end):[\w-]+\].*$/;

/** Reads a snippet (`file`, `file:3:9`, `file:section`) from the base paths, or says why not. */
export function readSnippet(
  spec: string,
  settings: SnippetSettings,
): { readonly text: string } | { readonly problem: string } {
  const ranged = /^(.*?)(?::(\d*)(?::(\d*))?|:([\w-]+))?$/.exec(spec.trim());
  const name = ranged?.[1] ?? spec;
  for (const base of settings.basePaths) {
    // A base path may name one file (`- LICENSE.md`): it is found by its own name.
    const named = path.resolve(path.dirname(base), name) === path.resolve(base);
    const file = named ? path.resolve(base) : path.resolve(base, name);
    if (!named && !file.startsWith(path.resolve(base) + path.sep)) continue;
    const text = readCached(file, settings.cache);
    if (text === undefined) continue;
    let lines = text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
    const section = ranged?.[4];
    if (section) {
      const start = lines.findIndex((line) => line.includes(`[start:${section}]`));
      const end = lines.findIndex((line, index) => index > start && line.includes(`[end:${section}]`));
      if (start === -1) return { problem: `snippet section "${section}" not found in ${name}` };
      lines = lines.slice(start + 1, end === -1 ? undefined : end);
    } else if (ranged?.[2] !== undefined) {
      const from = Number(ranged[2] || '1');
      const to = ranged[3] ? Number(ranged[3]) : lines.length;
      lines = lines.slice(Math.max(from - 1, 0), to);
    }
    return { text: lines.filter((line) => !SECTION_MARK.test(line)).join('\n') };
  }
  return { problem: `snippet "${name}" not found under ${settings.basePaths.join(', ')}` };
}

/**
 * Expands a page's snippets.
 *
 * @example
 * expandSnippets('--8<-- "note.md"', { basePaths: ['/site'], autoAppend: [], cache: new Map() }).text;
 */
export function expandSnippets(markdown: string, settings: SnippetSettings): ExpandedSnippets {
  const outText: string[] = [];
  const outLines: number[] = [];
  const warnings: Array<{ line: number; message: string }> = [];
  const include = (spec: string, indent: string, line: number, stack: readonly string[]) => {
    if (stack.includes(spec)) {
      warnings.push({ line, message: `snippet "${spec}" includes itself; left out` });
      return;
    }
    const found = readSnippet(spec, settings);
    if ('problem' in found) {
      warnings.push({ line, message: `${found.problem}; the snippet is left out` });
      return;
    }
    walk(found.text.split('\n'), () => line, indent, [...stack, spec]);
  };
  const walk = (
    lines: readonly string[],
    lineOf: (index: number) => number,
    indent: string,
    stack: readonly string[],
  ) => {
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] ?? '';
      if (!line.includes('8<')) {
        emit(indent + line, lineOf(i));
        continue;
      }
      const inline = INLINE.exec(line);
      if (inline) {
        if ((inline[2] ?? '') !== '') emit(indent + line.replace(';', ''), lineOf(i));
        else include(inline[4] ?? '', indent + (inline[1] ?? ''), lineOf(i), stack);
        continue;
      }
      const block = BLOCK.exec(line);
      const escaped = block && (block[2] ?? '') !== '' ? line : ESCAPED_SECTION.test(line) ? line : undefined;
      if (escaped !== undefined) {
        // `;--8<--` is the marker written as text: one `;` removed, as pymdownx.snippets does.
        emit(indent + escaped.replace(/;(?=-+8<)/, ''), lineOf(i));
        continue;
      }
      if (SECTION_MARK.test(line)) {
        // pymdownx.snippets drops every line holding a section marker, prose mentioning one too.
        if (stack.length === 0)
          warnings.push({
            line: lineOf(i),
            message: 'a line holding a snippet section marker is left out, as MkDocs does',
          });
        continue;
      }
      const close =
        block && (block[2] ?? '') === ''
          ? lines.findIndex((next, index) => index > i && BLOCK.test(next))
          : -1;
      if (block && close !== -1) {
        for (let j = i + 1; j < close; j++) {
          const spec = (lines[j] ?? '').trim();
          if (spec !== '' && !spec.startsWith(';'))
            include(spec, indent + (block[1] ?? ''), lineOf(j), stack);
        }
        i = close;
        continue;
      }
      emit(indent + line, lineOf(i));
    }
  };
  const emit = (text: string, line: number) => {
    outText.push(text);
    outLines.push(line);
  };
  const page = markdown.split('\n');
  walk(page, (index) => index + 1, '', []);
  const missing = new Set(settings.missingAutoAppend);
  if (!settings.appendedDefinitions)
    for (const spec of settings.autoAppend) if (!missing.has(spec)) include(spec, '', page.length, []);
  return { text: outText.join('\n'), lines: outLines, warnings };
}
