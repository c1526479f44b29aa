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
