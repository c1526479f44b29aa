/**
 * File names for exported pages that are valid on Linux, macOS and Windows alike:
 * `Page Title` → `Page_Title`, reserved characters and device names avoided, length bounded,
 * and names unique even on case-insensitive file systems.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are not allowed in file names
const RESERVED_CHARACTERS = /[<>:"/\\|?*\u0000-\u001F\u007F]/g;
const DEVICE_NAMES = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;
const MAX_BYTES = 200;

/**
 * A file-system-safe name (without extension) for a page title.
 *
 * @example
 * safeFileName('Setup: A/B testing?'); // 'Setup__A_B_testing_'
 */
export function safeFileName(title: string): string {
  let name = title
    .replace(/\s/g, '_')
    .replace(RESERVED_CHARACTERS, '_')
    .replace(/[. ]+$/, '');
  if (name === '' || /^\.+$/.test(name)) name = 'page';
  if (DEVICE_NAMES.test(name)) name = `_${name}`;
  while (Buffer.byteLength(name, 'utf8') > MAX_BYTES) name = [...name].slice(0, -1).join('');
  return name;
}

/** Safe names for a list of titles, unique ignoring case (`Name`, `Name_2`, …), in order. */
export function uniqueFileNames(titles: readonly string[]): string[] {
  const taken = new Set<string>();
  return titles.map((title) => {
    const base = safeFileName(title);
    let name = base;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base}_${n}`;
    taken.add(name.toLowerCase());
    return name;
  });
}
