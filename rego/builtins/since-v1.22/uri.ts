/**
 * `uri.parse` and `uri.is_valid` (OPA v1.22): a URI read as Go's `url.Parse` reads it. `uri.parse`
 * returns the non-empty components among `scheme`, `hostname`, `port`, `path`, `raw_path` (the
 * path as written when its escaping is not the default one, else the path; present with the
 * path), `raw_query` and `fragment`; text Go refuses is an error. `uri.is_valid` is false for
 * such text, for the empty string and for anything but a string.
 */
import type { BuiltinDefinition } from '../../builtin.ts';
import { makeObject, type Value } from '../../value/index.ts';
import { arg, builtinError, defineFunction, stringArg } from '../operands.ts';
import { parseGoUrl, splitHostPort, UrlParseError } from './go-url.ts';

function components(text: string): Value {
  const url = parseGoUrl(text);
  const [hostname, port] = splitHostPort(url.host);
  const fields: [string, string][] = [
    ['scheme', url.scheme],
    ['hostname', hostname],
    ['port', port],
    ['path', url.path],
    ['raw_path', url.path === '' ? '' : url.rawPath || url.path],
    ['raw_query', url.rawQuery],
    ['fragment', url.fragment],
  ];
  return makeObject(fields.filter(([, v]) => v !== ''));
}

/** The URI built-ins of OPA v1.22. */
export const uriBuiltins: readonly BuiltinDefinition[] = [
  defineFunction('uri.parse', 1, (args) => {
    const text = stringArg('uri.parse', args, 0);
    try {
      return components(text);
    } catch (e) {
      if (e instanceof UrlParseError) throw builtinError('uri.parse', e.message, e);
      throw e;
    }
  }),
  defineFunction('uri.is_valid', 1, (args) => {
    const text = arg(args, 0);
    if (typeof text !== 'string' || text === '') return false;
    try {
      parseGoUrl(text);
      return true;
    } catch (e) {
      if (e instanceof UrlParseError) return false;
      throw e;
    }
  }),
];
