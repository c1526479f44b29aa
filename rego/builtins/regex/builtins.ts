/**
 * Regular-expression built-ins with Go's `regexp` syntax and semantics: `regex.match` (`re_match`),
 * `regex.is_valid`, `regex.split`, `regex.find_n`, `regex.find_all_string_submatch_n`,
 * `regex.replace`, `regex.template_match`.
 */
import type { BuiltinDefinition } from '../../builtin.ts';
import type { Value } from '../../value/index.ts';
import { utf8Bytes } from '../bytes.ts';
import { arg, builtinError, defineFunction, intArg, stringArg } from '../operands.ts';
import {
  type CompiledRegex,
  compileRegex,
  findAll,
  GoRegexpSyntaxError,
  matches,
  replaceAllMatches,
  splitAll,
} from './go-regexp.ts';

function regexFor(name: string, pattern: string): CompiledRegex {
  try {
    return compileRegex(pattern);
  } catch (e) {
    if (e instanceof GoRegexpSyntaxError) throw builtinError(name, `error parsing regexp: ${e.message}`, e);
    throw e;
  }
}

function match(name: string): BuiltinDefinition {
  return defineFunction(name, 2, (args) => {
    const re = regexFor(name, stringArg(name, args, 0));
    return matches(re, stringArg(name, args, 1));
  });
}

/** Go's `regexp.QuoteMeta`. */
function quoteMeta(s: string): string {
  return s.replace(/[\\.+*?()|[\]{}^$]/g, '\\$&');
}

/** The expression a `regex.template_match` template stands for (gorilla/mux style). */
function templateRegex(template: string, open: string, close: string): string {
  const bounds: number[] = [];
  let level = 0;
  let start = 0;
  for (let i = 0; i < template.length; i++) {
    if (template[i] === open) {
      if (++level === 1) start = i;
    } else if (template[i] === close) {
      if (--level === 0) bounds.push(start, i + 1);
      else if (level < 0)
        throw builtinError('regex.template_match', `unbalanced braces in ${JSON.stringify(template)}`);
    }
  }
  if (level !== 0)
    throw builtinError('regex.template_match', `unbalanced braces in ${JSON.stringify(template)}`);
  let pattern = '^';
  let end = 0;
  for (let i = 0; i < bounds.length; i += 2) {
    const from = bounds[i] as number;
    pattern += `${quoteMeta(template.slice(end, from))}(${template.slice(from + 1, (bounds[i + 1] as number) - 1)})`;
    end = bounds[i + 1] as number;
  }
  return `${pattern}${quoteMeta(template.slice(end))}$`;
}

function delimiter(name: string, args: readonly Value[], i: number, which: string): string {
  const d = stringArg(name, args, i);
  if (utf8Bytes(d).length !== 1) {
    throw builtinError(
      name,
      `${which} delimiter has to be exactly one character long but is ${utf8Bytes(d).length} long`,
    );
  }
  return d;
}

/** Regular-expression built-ins. */
export const regexBuiltins: readonly BuiltinDefinition[] = [
  match('regex.match'),
  match('re_match'),
  defineFunction('regex.is_valid', 1, (args) => {
    const pattern = arg(args, 0);
    if (typeof pattern !== 'string') return false;
    try {
      compileRegex(pattern);
      return true;
    } catch (e) {
      if (e instanceof GoRegexpSyntaxError) return false;
      throw e;
    }
  }),
  defineFunction('regex.split', 2, (args) => {
    const pattern = stringArg('regex.split', args, 0);
    const s = stringArg('regex.split', args, 1);
    return splitAll(regexFor('regex.split', pattern), pattern, s);
  }),
  defineFunction('regex.find_n', 3, (args) => {
    const pattern = stringArg('regex.find_n', args, 0);
    const s = stringArg('regex.find_n', args, 1);
    const n = intArg('regex.find_n', args, 2);
    return [...findAll(regexFor('regex.find_n', pattern), s, n)].map((m) => m.groups[0] ?? '');
  }),
  defineFunction('regex.find_all_string_submatch_n', 3, (args) => {
    const name = 'regex.find_all_string_submatch_n';
    const pattern = stringArg(name, args, 0);
    const s = stringArg(name, args, 1);
    const n = intArg(name, args, 2);
    return [...findAll(regexFor(name, pattern), s, n)].map((m) => [...m.groups]);
  }),
  defineFunction('regex.replace', 3, (args) => {
    const s = stringArg('regex.replace', args, 0);
    const pattern = stringArg('regex.replace', args, 1);
    const template = stringArg('regex.replace', args, 2);
    return replaceAllMatches(regexFor('regex.replace', pattern), s, template);
  }),
  defineFunction('regex.template_match', 4, (args) => {
    const name = 'regex.template_match';
    const template = stringArg(name, args, 0);
    const s = stringArg(name, args, 1);
    const open = delimiter(name, args, 2, 'start');
    const close = delimiter(name, args, 3, 'end');
    return matches(regexFor(name, templateRegex(template, open, close)), s);
  }),
];
