/**
 * Repository shorthand as pymdownx.magiclink (`repo_url_shorthand`, `social_url_shorthand`) and
 * mdx_gh_links write it: `#123` (issue), `!123` (pull request, magiclink only), `@user`,
 * `@owner/repo` (also `@gitlab:…` and `@bitbucket:…`; shown as magiclink shows them: `owner/repo`,
 * `@user`, without the provider), `owner/repo#123`, a full commit hash (shown shortened to 7 characters),
 * `owner/repo@hash` and `hash...hash` (a comparison), linked to the configured GitHub repository.
 * Bare URLs are linked by markdown-it's linkify when magiclink is enabled.
 */
import type MarkdownIt from 'markdown-it';
import type StateCore from 'markdown-it/lib/rules_core/state_core.mjs';
import type StateInline from 'markdown-it/lib/rules_inline/state_inline.mjs';
import type Token from 'markdown-it/lib/token.mjs';

/** The repository that shorthand refers to. */
export interface RepositoryShorthand {
  readonly user: string;
  readonly repo: string;
  /** Whether `!123` is a pull request reference (magiclink). */
  readonly pulls: boolean;
}

const REFERENCE = new RegExp(
  [
    String.raw`(?:(?:([\w-]+\/[\w.-]+)@)?([a-f\d]{40})(?:\.\.\.([a-f\d]{40}))?`,
    String.raw`([\w-]+\/[\w.-]+)?([#!])(\d+)`,
    String.raw`@(?:(github|gitlab|bitbucket):)?([A-Za-z\d][\w-]*\/[\w.-]*[\w-])`,
    String.raw`@(?:(github|gitlab|bitbucket):)?([A-Za-z\d](?:[\w-]*[A-Za-z\d])?))(?![\w-])`,
  ].join('|'),
  'y',
);

/** The sites of magiclink's provider prefixes (`@bitbucket:owner/repo`). */
const HOSTS: Readonly<Record<string, string>> = {
  github: 'github.com',
  gitlab: 'gitlab.com',
  bitbucket: 'bitbucket.org',
};

/** The link and text of a shorthand match. */
function target(match: RegExpExecArray, settings: RepositoryShorthand): { href: string; text: string } {
  const [
    text,
    commitRepo,
    commit,
    compareTo,
    issueRepo,
    sign,
    number,
    repoHost,
    repoMention,
    userHost,
    user,
  ] = match;
  const own = `${settings.user}/${settings.repo}`;
  if (commit) {
    const base = `https://github.com/${commitRepo ?? own}`;
    const prefix = commitRepo ? `${commitRepo}@` : '';
    return compareTo
      ? {
          href: `${base}/compare/${commit}...${compareTo}`,
          text: `${prefix}${commit.slice(0, 7)}...${compareTo.slice(0, 7)}`,
        }
      : { href: `${base}/commit/${commit}`, text: `${prefix}${commit.slice(0, 7)}` };
  }
  if (number) {
    return {
      href: `https://github.com/${issueRepo ?? own}/${sign === '!' ? 'pull' : 'issues'}/${number}`,
      text,
    };
  }
  const host = HOSTS[repoHost ?? userHost ?? 'github'];
  // magiclink shows a repository as `owner/repo` and a user as `@user`, the provider prefix dropped.
  const shown = repoMention ? (settings.pulls ? repoMention : `@${repoMention}`) : `@${user}`;
  return { href: `https://${host}/${repoMention ?? user}`, text: shown };
}

function shorthandRule(settings: RepositoryShorthand) {
  return (state: StateInline, silent: boolean): boolean => {
    const ch = state.src[state.pos];
    if (ch !== '#' && ch !== '!' && ch !== '@' && !/\w/.test(ch ?? '')) return false;
    if (state.pos > 0 && /[\w/.&@]/.test(state.src[state.pos - 1] ?? '')) return false;
    REFERENCE.lastIndex = state.pos;
    const match = REFERENCE.exec(state.src);
    if (!match || state.pos + match[0].length > state.posMax || (match[5] === '!' && !settings.pulls))
      return false;
    if (!silent) {
      const { href, text } = target(match, settings);
      const open = state.push('link_open', 'a', 1);
      open.attrs = [['href', href]];
      state.push('text', '', 0).content = text;
      state.push('link_close', 'a', -1);
    }
    state.pos += match[0].length;
    return true;
  };
}

/** Shorthand that starts with a word character (`owner/repo#1`, hashes), found in text runs. */
/** Whether a paragraph may hold such shorthand: a full hash, or `owner/repo` before `#`, `!` or `@`. */
const WORDY_HINT = /[a-f\d]{40}|[\w.-]\/[\w.-]+[#!@]/;
const WORDY = new RegExp(`(?<![\\w/.&@-])${REFERENCE.source}`, 'g');

function linkTokens(state: StateCore, text: string, settings: RepositoryShorthand): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  for (const match of text.matchAll(WORDY)) {
    if (match[0].startsWith('@') || match[0].startsWith('#') || match[0].startsWith('!')) continue;
    if (match[5] === '!' && !settings.pulls) continue;
    const { href, text: shown } = target(match, settings);
    const before = new state.Token('text', '', 0);
    before.content = text.slice(last, match.index);
    const open = new state.Token('link_open', 'a', 1);
    open.attrs = [['href', href]];
    const inner = new state.Token('text', '', 0);
    inner.content = shown;
    tokens.push(before, open, inner, new state.Token('link_close', 'a', -1));
    last = match.index + match[0].length;
  }
  if (tokens.length === 0) return tokens;
  const after = new state.Token('text', '', 0);
  after.content = text.slice(last);
  tokens.push(after);
  return tokens;
}

function wordyRule(settings: RepositoryShorthand) {
  return (state: StateCore): void => {
    for (const block of state.tokens) {
      if (block.type !== 'inline' || !block.children || !WORDY_HINT.test(block.content)) continue;
      const joined: Token[] = [];
      for (const child of block.children) {
        const previous = joined[joined.length - 1];
        if (child.type === 'text' && previous?.type === 'text') previous.content += child.content;
        else joined.push(child);
      }
      const children: Token[] = [];
      let depth = 0;
      for (const child of joined) {
        if (child.type === 'link_open') depth += 1;
        if (child.type === 'link_close') depth -= 1;
        const linked = depth === 0 && child.type === 'text' ? linkTokens(state, child.content, settings) : [];
        if (linked.length > 0) children.push(...linked);
        else children.push(child);
      }
      block.children = children;
    }
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
  md.core.ruler.after('inline', 'repository_reference', wordyRule(settings));
}
