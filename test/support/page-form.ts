/**
 * Submits the first form of a page as a browser would: its action, its hidden fields and the
 * chosen submit button's name and value, posted as `application/x-www-form-urlencoded`.
 */
import type { Browser, Navigation } from './browser.ts';

const attribute = (tag: string, name: string) =>
  new RegExp(`\\b${name}="([^"]*)"`, 'i').exec(tag)?.[1]?.replaceAll('&amp;', '&');

/**
 * Posts the page's first form and follows the redirects.
 *
 * @param submitter the submit button pressed (its `name` and `value`), if it has a name
 * @example
 * await submitPageForm(browser, await page.response.text(), page.url, { name: 'logout', value: 'yes' });
 */
export function submitPageForm(
  browser: Browser,
  html: string,
  pageUrl: URL,
  submitter?: { readonly name: string; readonly value: string },
): Promise<Navigation> {
  const form = /<form\b[^>]*>/i.exec(html)?.[0];
  if (!form) throw new Error(`the page at ${pageUrl} has no form`);
  const fields = new URLSearchParams();
  for (const [input] of html.matchAll(/<input\b[^>]*>/gi)) {
    const name = attribute(input, 'name');
    if (name && attribute(input, 'type')?.toLowerCase() === 'hidden') {
      fields.append(name, attribute(input, 'value') ?? '');
    }
  }
  if (submitter) fields.append(submitter.name, submitter.value);
  const action = new URL(attribute(form, 'action') ?? pageUrl.href, pageUrl);
  return browser.navigate(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
  });
}
