/**
 * markdown-include-variants, FastAPI's include form, a preprocessor as in Python-Markdown: a line
 * `{* ../../docs_src/app/tutorial001_an_py310.py ln[3:6,9] hl[4,9] title="x" *}` becomes the
 * Markdown the extension writes, which the site's other extensions then read — a
 * `//// tab | Python 3.10+` block holding a fence with `{! file !}` includes (mdx_include), the
 * lines taken by `ln[…]` with "Code … omitted" comments between them and `hl[…]` renumbered for
 * them, a "👀 Full file preview" details block when lines were taken, and the file's other
 * variants (`_an`, `_py39`, `_py310`, `_py311` suffixes of the file or of its folder) as tabs of an
 * "🤓 Other versions and variants" details block. The fence's language comes from the file's
 * extension. Paths resolve against the folder of `mkdocs.yml`, where `mkdocs build` runs.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PreprocessedText } from './preprocessed-text.ts';

const LINE = /^\{\*\s*(\S+)\s*(.*)\*\}$/;
const CONFIG = /(\w+)\[([^\]]+)\]/g;
const SUFFIXES = ['_an', '_py39', '_py310', '_py311'];
const VERSIONS = [
  ['py311', '_py311', 'Python 3.11+'],
  ['py310', '_py310', 'Python 3.10+'],
  ['py39', '_py39', 'Python 3.9+'],
  ['py38', '', 'Python 3.8+'],
] as const;
const LANGUAGES: Readonly<Record<string, string>> = {
  '.py': 'python',
  '.js': 'javascript',
  '.ts': 'typescript',
  '.sh': 'bash',
  '.toml': 'toml',
  '.yml': 'yaml',
  '.yaml': 'yaml',
  '.json': 'json',
  '.html': 'html',
  '.md': 'markdown',
};

interface Variant {
  readonly file: string;
  readonly title: string;
  readonly annotated: boolean | undefined;
}

type Range = readonly [number, number];

function withoutSuffixes(name: string): string {
  for (const suffix of SUFFIXES)
    if (name.endsWith(suffix)) return withoutSuffixes(name.slice(0, -suffix.length));
  return name;
}

/** The variants that exist, preferred order: Annotated newest first, then the others. */
function variantsOf(pathFor: (suffix: string) => string): Variant[] {
  const annotated: Variant[] = [];
  const plain: Variant[] = [];
  for (const [, suffix, title] of VERSIONS) {
    const an = pathFor(`_an${suffix}`);
    const bare = pathFor(suffix);
    if (existsSync(an)) {
      annotated.push({ file: an, title, annotated: true });
      if (existsSync(bare)) plain.push({ file: bare, title: `${title} - non-Annotated`, annotated: false });
    } else if (existsSync(bare)) plain.push({ file: bare, title, annotated: undefined });
  }
  return [
    ...annotated,
    ...plain.filter((v) => v.annotated === false),
    ...plain.filter((v) => v.annotated === undefined),
  ];
}

function variants(file: string): Variant[] {
  const extension = path.extname(file);
  const base = withoutSuffixes(path.basename(file, extension));
  const byFile = variantsOf((suffix) => path.join(path.dirname(file), `${base}${suffix}${extension}`));
  if (byFile.length !== 1) return byFile;
  const folder = path.dirname(file);
  const folderBase = withoutSuffixes(path.basename(folder));
  const byFolder = variantsOf((suffix) =>
    path.join(path.dirname(folder), `${folderBase}${suffix}`, path.basename(file)),
  );
  if (byFolder.length > 1) return byFolder;
  // A file without suffixes in a folder with one: the folder's variant names the version.
  if (byFolder.length === 1 && byFile[0]?.title === 'Python 3.8+' && byFolder[0]?.title !== 'Python 3.8+')
    return byFolder;
  return byFile;
}

function ranges(value: string): Range[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .map((part): Range => {
      const [from = '', to] = part.split(':');
      return [Number(from), Number(to ?? from)];
    })
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

function rangeText(list: readonly Range[]): string {
  return list.map(([from, to]) => (from === to ? `${from}` : `${from}-${to}`)).join(' ');
}

/** `hl` lines renumbered for the lines `ln` takes, with the comments written between them. */
function shownHighlights(include: readonly Range[], highlight: readonly Range[]): Range[] {
  const shown: Range[] = [];
  let offset = 0;
  include.forEach(([start, end], index) => {
    if (start > 1) offset += index === 0 ? 2 : 3;
    for (const [from, to] of highlight)
      if (from >= start && to <= end) shown.push([from - start + offset + 1, to - start + offset + 1]);
    offset += end - start + 1;
  });
  return shown;
}

function fence(language: string, highlight: string, title: string | undefined): string {
  return `\`\`\`${language}${highlight ? ` hl_lines="${highlight}"` : ''}${title ? ` title="${title}"` : ''}`;
}

function expansion(spec: string, configs: string, configDir: string, shownPath: (file: string) => string) {
  const file = path.resolve(configDir, spec);
  let include: Range[] = [];
  let highlight: Range[] = [];
  let title: string | undefined;
  for (const [, name, value = ''] of configs.matchAll(CONFIG)) {
    if (name === 'ln') include = [...include, ...ranges(value)];
    else if (name === 'hl') highlight = [...highlight, ...ranges(value)];
    else if (name === 'title') title = value.replace(/^"|"$/g, '');
  }
  const found = variants(file);
  const preferred = found.find((variant) => variant.file === file);
  if (!preferred) return undefined;
  const language = LANGUAGES[path.extname(file)] ?? path.extname(file).slice(1);
  const shown = shownPath(file);
  const count = readFileSync(file, 'utf8').replace(/\n$/, '').split('\n').length;
  const hl = include.length > 0 ? rangeText(shownHighlights(include, highlight)) : rangeText(highlight);
  const out: string[] = [];
  if (!(include.length === 1 && include[0]?.[0] === 0 && include[0]?.[1] === 0)) {
    const body: string[] = include.length === 0 ? [`{!${shown}!}`] : [];
    include.forEach(([start, end], index) => {
      if (index === 0 && start > 1) body.push('# Code above omitted 👆', '');
      if (index > 0) body.push('', '# Code here omitted 👈', '');
      body.push(`{!${shown}[ln:${start}-${end}]!}`);
      if (index === include.length - 1 && end < count) body.push('', '# Code below omitted 👇');
    });
    out.push(`//// tab | ${preferred.title}`, fence(language, hl, title), ...body, '```', '', '////', '');
  }
  if (include.length > 0)
    out.push(
      '///// details | 👀 Full file preview',
      '',
      `//// tab | ${preferred.title}`,
      '',
      fence(language, rangeText(highlight), title),
      `{!${shown}!}`,
      '```',
      '',
      '////',
      '',
      '/////',
      '',
    );
  const others = found.filter((variant) => variant !== preferred);
  if (others.length > 0) {
    out.push('///// details | 🤓 Other versions and variants', '');
    for (const variant of others) {
      out.push(`//// tab | ${variant.title}`, '');
      if (variant.annotated === false)
        out.push('/// tip', '', 'Prefer to use the `Annotated` version if possible.', '', '///', '');
      out.push(fence(language, '', title), `{!${shownPath(variant.file)}!}`, '```', '////');
    }
    out.push('', '/////', '');
  }
  return out;
}

/**
 * Expands a page's `{* … *}` lines into the Markdown markdown-include-variants writes; the
 * `{! … !}` includes in it are for mdx_include, whose base path resolves them.
 *
 * @param configDir the folder of `mkdocs.yml`
 * @param includeBase mdx_include's base path, absolute (the written includes are relative to it)
 */
export function expandIncludeVariants(
  markdown: string,
  configDir: string,
  includeBase: string,
): PreprocessedText {
  const outText: string[] = [];
  const outLines: number[] = [];
  const warnings: Array<{ line: number; message: string }> = [];
  const shownPath = (file: string) => path.relative(includeBase, file).split(path.sep).join('/');
  markdown.split('\n').forEach((line, index) => {
    const match = line.startsWith('{*') ? LINE.exec(line) : null;
    const expanded = match ? expansion(match[1] ?? '', match[2] ?? '', configDir, shownPath) : [line];
    if (!expanded)
      warnings.push({
        line: index + 1,
        message: `markdown_include_variants: no file ${match?.[1]} (nor a variant of it) under ${configDir}; left out`,
      });
    for (const text of expanded ?? []) {
      outText.push(text);
      outLines.push(index + 1);
    }
  });
  return { text: outText.join('\n'), lines: outLines, warnings };
}
