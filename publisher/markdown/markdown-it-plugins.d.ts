// The markdown-it plugins below ship no type declarations.
declare module 'markdown-it-abbr' {
  import type { PluginSimple } from 'markdown-it';

  const abbr: PluginSimple;
  export default abbr;
}
declare module 'markdown-it-deflist' {
  import type { PluginSimple } from 'markdown-it';

  const deflist: PluginSimple;
  export default deflist;
}
declare module 'markdown-it-emoji/lib/data/full.mjs' {
  const emoji: Readonly<Record<string, string>>;
  export default emoji;
}
declare module 'markdown-it-footnote' {
  import type { PluginSimple } from 'markdown-it';

  const footnote: PluginSimple;
  export default footnote;
}
declare module 'markdown-it/lib/rules_block/list.mjs' {
  import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs';

  /** markdown-it's own list rule (bullet and decimal lists). */
  export default function list(
    state: StateBlock,
    startLine: number,
    endLine: number,
    silent: boolean,
  ): boolean;
}
