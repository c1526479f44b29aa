/**
 * pymdownx.emoji shortcodes: `:smile:` becomes an `emoji` token holding the Unicode character
 * (gemoji names, which twemoji's and emojione's indexes share, and the emojione spellings of a few
 * others such as `:slight_smile:`); theme icons (`:material-check:`,
 * `:fontawesome-brands-github:`, `:octicons-…:`, `:simple-…:`) have no Unicode form and become an
 * `icon` token, which the renderer reports.
 */
import type MarkdownIt from 'markdown-it';
import type StateInline from 'markdown-it/lib/rules_inline/state_inline.mjs';
import emojiByName from 'markdown-it-emoji/lib/data/full.mjs';

const SHORTCODE = /^:([+\w-]+):/;
/** Names of emojione's index (which twemoji's follows) that gemoji spells otherwise. */
const EMOJIONE_NAMES: Readonly<Record<string, string>> = {
  slight_smile: '🙂',
  slight_frown: '🙁',
  upside_down: '🙃',
  hugging: '🤗',
  thinking: '🤔',
  nerd: '🤓',
  rolling_eyes: '🙄',
  robot: '🤖',
  writing_hand: '✍️',
  hand_splayed: '🖐️',
};
const ICON = /^(?:material|fontawesome|octicons|simple)-[\w-]+$/;

function shortcode(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x3a) return false;
  const match = SHORTCODE.exec(state.src.slice(state.pos, state.posMax));
  const name = match?.[1];
  if (!match || !name) return false;
  const unicode = emojiByName[name] ?? emojiByName[name.replace(/-/g, '_')] ?? EMOJIONE_NAMES[name];
  const icon = unicode === undefined && ICON.test(name);
  if (unicode === undefined && !icon) return false;
  if (!silent) {
    const token = state.push(icon ? 'icon' : 'emoji', '', 0);
    token.content = unicode ?? name;
    token.markup = name;
  }
  state.pos += match[0].length;
  return true;
}

/**
 * Registers emoji shortcodes with a parser.
 *
 * @example
 * md.use(emojiShortcodes);
 */
export function emojiShortcodes(md: MarkdownIt): void {
  md.inline.ruler.after('emphasis', 'emoji_shortcode', shortcode);
}
