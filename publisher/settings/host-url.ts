/**
 * The wiki's base address. HTTPS only (certificate validation is Node's, extended with
 * `NODE_EXTRA_CA_CERTS` for a private CA); plain HTTP is accepted only for a loopback host and
 * only when the caller explicitly allows it (tests against a local emulator).
 */
import { isIP } from 'node:net';
import { PublishError } from '../errors.ts';

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host === '::1') return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

/**
 * Validates `host_url` and returns it without a trailing slash.
 *
 * @param allowHttpLoopback accept `http://` for 127.0.0.0/8, ::1 and localhost (default false)
 * @example
 * checkHostUrl('https://example.atlassian.net/wiki/', false); // 'https://example.atlassian.net/wiki'
 */
export function checkHostUrl(raw: string, allowHttpLoopback = false): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new PublishError('config_invalid', `host_url is not a URL: ${raw}`);
  }
  if (url.username || url.password) {
    throw new PublishError(
      'config_invalid',
      'host_url must not contain credentials; use WIKI_USERNAME/WIKI_API_TOKEN',
    );
  }
  if (url.search || url.hash)
    throw new PublishError('config_invalid', 'host_url must not have a query or fragment');
  if (url.protocol === 'http:') {
    if (!isLoopback(url.hostname)) {
      throw new PublishError('config_invalid', `host_url must use https:// (got ${url.origin})`);
    }
    if (!allowHttpLoopback) {
      throw new PublishError(
        'config_invalid',
        `host_url ${url.origin} uses http://; allowed only on loopback with --allow-http-loopback (testing)`,
      );
    }
  } else if (url.protocol !== 'https:') {
    throw new PublishError('config_invalid', `host_url must use https:// (got ${url.protocol})`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
