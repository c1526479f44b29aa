/**
 * Repository shorthand as pymdownx.magiclink (`repo_url_shorthand`, `social_url_shorthand`) and
 * mdx_gh_links write it: `#123` (issue), `!123` (pull request, magiclink only), `@user`,
 * `owner/repo#123`, linked to the configured GitHub repository. Bare URLs are linked by
 * markdown-it's linkify when magiclink is enabled.
 */
import type MarkdownIt from 'markdown-it';
import type StateInline from 'markdown-it/lib/rules_inline/state_inline.mjs';

/** The repository that shorthand refers to. */
export interface RepositoryShorthand {
  readonly user: string;
  readonly repo: string;
  /** Whether `!123` is a pull request reference (magiclink). */
  readonly pulls: boolean;
}

const REFERENCE = /^(?:([\w-]+\/[\w.-]+)?([#!])(\d+)|@([A-Za-z\d](?:[\w-]*[A-Za-z\d])?))(?![\w-])/;

function shorthandRule(settings: RepositoryShorthand) {
  return (state: StateInline, silent: boolean): boolean => {
    const ch = state.src[state.pos];
    if (ch !== '#' && ch !== '!' && ch !== '@' && !/\w/.test(ch ?? '')) return false;
    if (state.pos > 0 && /[\w/.&]/.test(state.src[state.pos - 1] ?? '')) return false;
    const match = REFERENCE.exec(state.src.slice(state.pos, state.posMax));
    if (!match || (match[2] === '!' && !settings.pulls)) return false;
    if (!silent) {
      const repository = match[1] ?? `${settings.user}/${settings.repo}`;
      const href = match[4]
        ? `https://github.com/${match[4]}`
        : `https://github.com/${repository}/${match[2] === '!' ? 'pull' : 'issues'}/${match[3]}`;
      const open = state.push('link_open', 'a', 1);
      open.attrs = [['href', href]];
      state.push('text', '', 0).content = match[0];
      state.push('link_close', 'a', -1);
    }
    state.pos += match[0].length;
    return true;
  };
}

/**
 * Registers repository shorthand with a parser.
 *
 * @example
 * repositoryReferences(md, { user: 'mkdocs', repo: 'mkdocs', pulls: false });
 */
export function repositoryReferences(md: MarkdownIt, settings: RepositoryShorthand): void {
  md.inline.ruler.before('text', 'repository_reference', shorthandRule(settings));
}
