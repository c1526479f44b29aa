/**
 * Finds and reads the site: a folder with `mkdocs.yml` (its `docs_dir`, `nav`,
 * `markdown_extensions` and the publisher's settings), the `mkdocs.yml` file itself, or a bare
 * docs folder. The settings live under `extra: wiki_publish:`, which MkDocs ignores, so one
 * `mkdocs.yml` serves `mkdocs build` and the publisher alike; a `plugins: - wiki-publish:` block
 * is still read, but `mkdocs build` refuses it unless such a plugin is installed.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { PublishError } from '../errors.ts';
import { parseMkdocsYaml } from './mkdocs-yaml.ts';

/** The site as found on disk. */
export interface SiteFile {
  /** Absolute path of `mkdocs.yml`, when there is one. */
  readonly configFile?: string;
  /** Absolute path of the docs folder. */
  readonly docsDir: string;
  /** The `nav` of `mkdocs.yml`, unvalidated, when there is one. */
  readonly nav?: unknown;
  /** The `wiki-publish` plugin settings as written (snake_case keys). */
  readonly settings: Readonly<Record<string, unknown>>;
  /** The nav file of mkdocs-literate-nav (`nav_file`, default `SUMMARY.md`) when the site uses it. */
  readonly navFileName?: string;
  /** The `markdown_extensions` of `mkdocs.yml` as written (absent for a bare docs folder). */
  readonly markdownExtensions?: unknown;
  /** MkDocs' `use_directory_urls` (absent: MkDocs' default, true). */
  readonly useDirectoryUrls?: boolean;
  /** Names of the MkDocs plugins `mkdocs.yml` enables (`mkdocstrings`, …). */
  readonly plugins?: readonly string[];
}

function pluginNames(plugins: unknown): string[] {
  if (Array.isArray(plugins))
    return plugins.flatMap((item) =>
      typeof item === 'string' ? [item] : isRecord(item) ? Object.keys(item) : [],
    );
  return isRecord(plugins) ? Object.keys(plugins) : [];
}

async function kindOf(target: string): Promise<'file' | 'directory' | undefined> {
  try {
    const info = await stat(target);
    return info.isDirectory() ? 'directory' : info.isFile() ? 'file' : undefined;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function pluginSettings(plugins: unknown, file: string): Record<string, unknown> {
  const entries: Array<[string, unknown]> = [];
  if (Array.isArray(plugins)) {
    for (const item of plugins) {
      if (typeof item === 'string') entries.push([item, null]);
      else if (isRecord(item)) entries.push(...Object.entries(item));
    }
  } else if (isRecord(plugins)) {
    entries.push(...Object.entries(plugins));
  }
  const block = entries.find(([name]) => name === 'wiki-publish')?.[1];
  if (block === undefined || block === null) return {};
  if (!isRecord(block)) {
    throw new PublishError('config_invalid', `${file}: the wiki-publish plugin settings must be a mapping`);
  }
  return block;
}

function literateNav(plugins: unknown): { navFileName?: string } {
  const entries: Array<[string, unknown]> = [];
  if (Array.isArray(plugins)) {
    for (const item of plugins) {
      if (typeof item === 'string') entries.push([item, null]);
      else if (isRecord(item)) entries.push(...Object.entries(item));
    }
  } else if (isRecord(plugins)) entries.push(...Object.entries(plugins));
  const found = entries.find(([name]) => name === 'literate-nav');
  if (!found) return {};
  const options = found[1];
  return {
    navFileName: isRecord(options) && typeof options.nav_file === 'string' ? options.nav_file : 'SUMMARY.md',
  };
}

function siteSettings(config: Record<string, unknown>, label: string): Record<string, unknown> {
  const fromPlugins = pluginSettings(config.plugins, label);
  const extra = isRecord(config.extra) ? config.extra.wiki_publish : undefined;
  if (extra === undefined || extra === null) return fromPlugins;
  if (!isRecord(extra))
    throw new PublishError('config_invalid', `${label}: extra.wiki_publish must be a mapping`);
  if (Object.keys(fromPlugins).length > 0)
    throw new PublishError(
      'config_invalid',
      `${label}: wiki-publish settings are given both under extra.wiki_publish and under plugins; keep them under extra.wiki_publish only`,
    );
  return extra;
}

/**
 * Locates the site from a path given by the user.
 *
 * @param env environment for `!ENV` tags in `mkdocs.yml`
 * @example
 * const site = await loadSiteFile('.', process.env);
 */
export async function loadSiteFile(
  sitePath: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<SiteFile> {
  const target = path.resolve(sitePath);
  const kind = await kindOf(target);
  if (!kind)
    throw new PublishError(
      'site_invalid',
      `site not found: ${sitePath} (give a folder with mkdocs.yml or a docs folder)`,
    );
  let configFile: string | undefined;
  if (kind === 'file') configFile = target;
  else {
    for (const name of ['mkdocs.yml', 'mkdocs.yaml']) {
      if ((await kindOf(path.join(target, name))) === 'file') {
        configFile = path.join(target, name);
        break;
      }
    }
  }
  if (!configFile) return { docsDir: target, settings: {} };
  const label = path.relative(process.cwd(), configFile) || configFile;
  const config = parseMkdocsYaml(await readFile(configFile, 'utf8'), label, env);
  if (!isRecord(config)) throw new PublishError('config_invalid', `${label} must be a YAML mapping`);
  const docsSetting = config.docs_dir ?? 'docs';
  if (typeof docsSetting !== 'string')
    throw new PublishError('config_invalid', `${label}: docs_dir must be a string`);
  const docsDir = path.resolve(path.dirname(configFile), docsSetting);
  if ((await kindOf(docsDir)) !== 'directory') {
    throw new PublishError('site_invalid', `${label}: docs_dir ${docsSetting} is not a folder`);
  }
  return {
    configFile,
    docsDir,
    ...(config.nav !== undefined && config.nav !== null ? { nav: config.nav } : {}),
    settings: siteSettings(config, label),
    ...literateNav(config.plugins),
    ...(config.markdown_extensions ? { markdownExtensions: config.markdown_extensions } : {}),
    ...(typeof config.use_directory_urls === 'boolean'
      ? { useDirectoryUrls: config.use_directory_urls }
      : {}),
    ...(config.plugins ? { plugins: pluginNames(config.plugins) } : {}),
  };
}
