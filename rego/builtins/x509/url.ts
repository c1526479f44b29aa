/**
 * URIs of certificates as Go's `url.Parse` splits them, as JSON of its `url.URL` struct (the
 * `URIs` field of OPA's certificate objects). Escaping follows Go's path encoding closely enough
 * for the URIs certificates carry.
 */
import type { Value } from '../../value/index.ts';

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;

function percentDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Go's escaping of a path: everything but unreserved characters and `$&+,/:;=@`. */
function escapePath(s: string): string {
  return encodeURIComponent(s).replace(/%(24|26|2B|2C|2F|3A|3B|3D|40)/gi, (m) => decodeURIComponent(m));
}

/** The `url.URL` fields of `uri`. */
export function goUrlValue(uri: string): Value {
  let rest = uri;
  let fragment = '';
  let rawFragment = '';
  const hash = rest.indexOf('#');
  if (hash >= 0) {
    const raw = rest.slice(hash + 1);
    fragment = percentDecode(raw);
    rawFragment = encodeURI(fragment) === raw ? '' : raw;
    rest = rest.slice(0, hash);
  }
  let scheme = '';
  const m = SCHEME.exec(rest);
  if (m) {
    scheme = (m[1] as string).toLowerCase();
    rest = rest.slice(m[0].length);
  }
  let rawQuery = '';
  let forceQuery = false;
  const q = rest.indexOf('?');
  if (q >= 0) {
    rawQuery = rest.slice(q + 1);
    forceQuery = rawQuery === '';
    rest = rest.slice(0, q);
  }
  let opaque = '';
  let host = '';
  let user: Value = null;
  let path = rest;
  if (scheme !== '' && !rest.startsWith('/')) {
    opaque = rest;
    path = '';
  } else if (rest.startsWith('//')) {
    const end = rest.indexOf('/', 2);
    let authority = end < 0 ? rest.slice(2) : rest.slice(2, end);
    path = end < 0 ? '' : rest.slice(end);
    const at = authority.lastIndexOf('@');
    if (at >= 0) {
      user = {};
      authority = authority.slice(at + 1);
    }
    host = percentDecode(authority);
  }
  const decodedPath = percentDecode(path);
  return {
    Scheme: scheme,
    Opaque: opaque,
    User: user,
    Host: host,
    Path: decodedPath,
    RawPath: escapePath(decodedPath) === path ? '' : path,
    OmitHost: false,
    ForceQuery: forceQuery,
    RawQuery: rawQuery,
    Fragment: fragment,
    RawFragment: rawFragment,
  };
}
