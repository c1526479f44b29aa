/**
 * The `format` checkers of gojsonschema (OPA's fork). Formats it does not know, and values that
 * are not strings, pass. `email`, `uri` and their relatives approximate Go's `net/mail` and
 * `net/url` parsers.
 */

import { parseIP } from '../net/index.ts';
import { compileRegex } from '../regex/index.ts';
import { parseTime } from '../time/index.ts';

const HOSTNAME =
  /^([a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]{0,61}[a-zA-Z0-9])(\.([a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]{0,61}[a-zA-Z0-9]))*$/;
const UUID = /^[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}$/i;
const JSON_POINTER = /^(?:\/(?:[^~/]|~0|~1)*)*$/;
const RELATIVE_JSON_POINTER = /^(?:0|[1-9][0-9]*)(?:#|(?:\/(?:[^~/]|~0|~1)*)*)$/;
const URI_TEMPLATE = /^([^{]*({[^}]*})?)*$/;
/** What Go's `url.Parse` refuses: a malformed percent escape. */
const BAD_ESCAPE = /%(?![0-9a-fA-F]{2})/;
/** RFC 5322 dot-atom text, as Go's `net/mail` reads addresses. */
const ATOM = "[A-Za-z0-9!#$%&'*+\\-/=?^_`{|}~]+";
const ADDRESS = `(?:${ATOM}(?:\\.${ATOM})*|"[^"\\\\]*")@${ATOM}(?:\\.${ATOM})*`;
const EMAIL = new RegExp(`^(?:${ADDRESS}|(?:"[^"]*"|[^<>"@]*)<${ADDRESS}>)$`);

function goTime(layouts: readonly string[], s: string): boolean {
  return layouts.some((layout) => {
    try {
      parseTime(layout, s);
      return true;
    } catch {
      return false;
    }
  });
}

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/**
 * Whether Go's `url.Parse` accepts `s` and it holds no `\\`: no control character, no malformed
 * escape, and without a scheme no colon in the first path segment.
 */
function parsesAsUrl(s: string): boolean {
  for (const ch of s) {
    const c = ch.codePointAt(0) as number;
    if (c < 0x20 || c === 0x7f) return false;
  }
  if (BAD_ESCAPE.test(s) || s.includes('\\')) return false;
  return SCHEME.test(s) || !(s.split(/[/?#]/)[0] ?? '').includes(':');
}

const CHECKERS: Readonly<Record<string, (s: string) => boolean>> = {
  date: (s) => goTime(['2006-01-02'], s),
  time: (s) => goTime(['15:04:05Z07:00', '15:04:05'], s),
  'date-time': (s) =>
    goTime(
      [
        '15:04:05',
        '15:04:05Z07:00',
        '2006-01-02',
        '2006-01-02T15:04:05Z07:00',
        '2006-01-02T15:04:05.999999999Z07:00',
      ],
      s,
    ),
  hostname: (s) => HOSTNAME.test(s) && s.length < 256,
  email: (s) => EMAIL.test(s.trim()),
  'idn-email': (s) => CHECKERS.email?.(s) ?? false,
  ipv4: (s) => parseIP(s) !== undefined && s.includes('.'),
  ipv6: (s) => parseIP(s) !== undefined && s.includes(':'),
  uri: (s) => parsesAsUrl(s) && SCHEME.test(s),
  'uri-reference': parsesAsUrl,
  iri: (s) => parsesAsUrl(s) && SCHEME.test(s),
  'iri-reference': parsesAsUrl,
  'uri-template': (s) =>
    parsesAsUrl(s) && URI_TEMPLATE.test(s.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/]*/, '')),
  uuid: (s) => UUID.test(s),
  regex: (s) => {
    if (s === '') return true;
    try {
      compileRegex(s);
      return true;
    } catch {
      return false;
    }
  },
  'json-pointer': (s) => JSON_POINTER.test(s),
  'relative-json-pointer': (s) => RELATIVE_JSON_POINTER.test(s),
};

/** Whether `value` satisfies `format` as gojsonschema decides. */
export function matchesFormat(format: string, value: unknown): boolean {
  const check = CHECKERS[format];
  return check === undefined || typeof value !== 'string' || check(value);
}
