/**
 * pymdownx.emoji shortcodes: `:smile:` becomes an `emoji` token holding the Unicode character
 * (gemoji names, which twemoji's and emojione's indexes share; emojione's spellings of the others:
 * `:slight_smile:`, gendered `:man_raising_hand:` for gemoji's `:raising_hand_man:`, `:person_…:`,
 * skin tones `_tone1`–`_tone5`); theme icons (`:material-check:`, `:fontawesome-brands-github:`,
 * `:octicons-…:`, `:simple-…:`) have no Unicode form and become an `icon` token, and a shortcode
 * neither index knows becomes an `unknown_emoji` token: the renderer reports both.
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

/** A shortcode the reader would take for one: letters, digits, `_`, `+`, `-`, a letter among them. */
const SHORTCODE_NAME = /^[a-z0-9_+-]*[a-z][a-z0-9_+-]*$/;
const TONE = /_tone([1-5])$/;

function gemojiName(name: string): string | undefined {
  return (
    emojiByName[name] ??
    emojiByName[name.replace(/-/g, '_')] ??
    EMOJIONE_NAMES[name] ??
    // emojione/twemoji put the gender first (`man_raising_hand`), gemoji last (`raising_hand_man`).
    (/^(man|woman)_(.+)$/.exec(name)
      ? emojiByName[name.replace(/^(man|woman)_(.+)$/, '$2_$1')]
      : undefined) ??
    (name.startsWith('person_') ? emojiByName[name.slice('person_'.length)] : undefined)
  );
}

/** The Unicode form of an emojione/twemoji/gemoji name, skin tone applied, if any. */
function unicodeOf(name: string): string | undefined {
  const tone = TONE.exec(name);
  if (!tone) return gemojiName(name);
  const base = gemojiName(name.slice(0, tone.index));
  if (base === undefined) return undefined;
  const [first = '', ...rest] = Array.from(base);
  const modifier = String.fromCodePoint(0x1f3fa + Number(tone[1]));
  return first + modifier + rest.join('').replace(/^\uFE0F/, '');
}

function shortcode(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x3a) return false;
  const match = SHORTCODE.exec(state.src.slice(state.pos, state.posMax));
  const name = match?.[1];
  if (!match || !name) return false;
  const unicode = unicodeOf(name);
  const icon = unicode === undefined && ICON.test(name);
  const unknown = unicode === undefined && !icon;
  if (unknown && !SHORTCODE_NAME.test(name)) return false;
  if (!silent) {
    const token = state.push(icon ? 'icon' : unknown ? 'unknown_emoji' : 'emoji', '', 0);
    token.content = unicode ?? (unknown ? `:${name}:` : name);
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
