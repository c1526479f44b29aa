/**
 * The page-level choices around a converted body: Confluence's table-of-contents macro at the top,
 * and a first heading left out when it only repeats the page title (Confluence shows the title
 * above the body already).
 */
import { decodeEntities, structuredMacro } from '../storage/index.ts';

/** Options of {@link pageLayout}. */
export interface PageLayoutOptions {
  readonly tocMacro: boolean;
  readonly dropTitleHeading: boolean;
}

const FIRST_HEADING =
  /^<h1>((?:<ac:structured-macro ac:name="anchor">.*?<\/ac:structured-macro>)?)(.*?)<\/h1>/;

function plain(xhtml: string): string {
  return decodeEntities(xhtml.replace(/<[^>]*>/g, '')).trim();
}

/**
 * Applies the page layout options to a page body.
 *
 * @example
 * pageLayout('<h1>Setup</h1><p>x</p>', 'Setup', { tocMacro: false, dropTitleHeading: true }); // '<p>x</p>'
 */
export function pageLayout(storage: string, title: string, options: PageLayoutOptions): string {
  let body = storage;
  if (options.dropTitleHeading) {
    const heading = FIRST_HEADING.exec(body);
    // An anchor macro some link targets stays, so the link still lands.
    if (heading && plain(heading[2] ?? '') === title.trim())
      body = (heading[1] ?? '') + body.slice(heading[0].length);
  }
  return options.tocMacro ? structuredMacro('toc') + body : body;
}
