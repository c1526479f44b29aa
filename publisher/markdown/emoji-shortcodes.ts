/**
 * pymdownx.emoji shortcodes, read with the site's `emoji_index`: `:smile:` becomes an `emoji`
 * token holding the Unicode character — gemoji names, which the three indexes share; emojione's
 * (the default) and twemoji's spellings of others (`:slight_smile:`), skin tones (`_tone1`–`_tone5`);
 * twemoji's gendered `:man_raising_hand:` (gemoji's `:raising_hand_man:`), `:person_…:` and
 * `_light_skin_tone`… names — theme icons (`:material-check:`, `:fontawesome-brands-github:`,
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
const TONES: Readonly<Record<string, number>> = {
  tone1: 1,
  tone2: 2,
  tone3: 3,
  tone4: 4,
  tone5: 5,
  light_skin_tone: 1,
  medium_light_skin_tone: 2,
  medium_skin_tone: 3,
  medium_dark_skin_tone: 4,
  dark_skin_tone: 5,
};
const TONE = /_(tone[1-5]|(?:medium_)?(?:light_|dark_)?skin_tone)$/;

/** The emoji index a site names (`emoji_index`): pymdownx's default is emojione. */
export type EmojiIndex = 'emojione' | 'twemoji' | 'gemoji';

function baseName(name: string, index: EmojiIndex): string | undefined {
  const found = emojiByName[name] ?? emojiByName[name.replace(/-/g, '_')];
  if (found !== undefined || index === 'gemoji') return found ?? undefined;
  if (EMOJIONE_NAMES[name]) return EMOJIONE_NAMES[name];
  if (index !== 'twemoji') return undefined;
  // twemoji puts the gender first (`man_raising_hand`), gemoji last (`raising_hand_man`).
  const gendered = /^(man|woman)_(.+)$/.exec(name);
  if (gendered) return emojiByName[`${gendered[2]}_${gendered[1]}`];
  return name.startsWith('person_') ? emojiByName[name.slice('person_'.length)] : undefined;
}

/** The Unicode form of a name of the site's index, skin tone applied, if any. */
function unicodeOf(name: string, index: EmojiIndex): string | undefined {
  const tone = index === 'gemoji' ? null : TONE.exec(name);
  const level = tone ? TONES[tone[1] ?? ''] : undefined;
  // `_light_skin_tone`… only follow twemoji's gendered names (`man_raising_hand_dark_skin_tone`).
  const spelled = tone && !tone[1]?.startsWith('tone');
  if (!tone || level === undefined || (spelled && (index !== 'twemoji' || !/^(man|woman)_/.test(name))))
    return baseName(name, index);
  const base = baseName(name.slice(0, tone.index), index);
  if (base === undefined) return undefined;
  const [first = '', ...rest] = Array.from(base);
  return first + String.fromCodePoint(0x1f3fa + level) + rest.join('').replace(/^\uFE0F/, '');
}

function shortcodeRule(index: EmojiIndex) {
  return function shortcode(state: StateInline, silent: boolean): boolean {
    if (state.src.charCodeAt(state.pos) !== 0x3a) return false;
    const match = SHORTCODE.exec(state.src.slice(state.pos, state.posMax));
    const name = match?.[1];
    if (!match || !name) return false;
    const unicode = unicodeOf(name, index);
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
  };
}

/**
 * Registers emoji shortcodes with a parser, for the site's emoji index.
 *
 * @example
 * emojiShortcodes(md, 'twemoji');
 */
export function emojiShortcodes(md: MarkdownIt, index: EmojiIndex): void {
  md.inline.ruler.after('emphasis', 'emoji_shortcode', shortcodeRule(index));
}
