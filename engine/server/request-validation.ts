/**
 * Request validation of the directory API as Topaz does it: the `buf.validate` constraints that
 * `@aserto/node-directory` carries in its descriptors, checked the way protovalidate checks them,
 * reported as `E20050 : validation error:\n - <field>: <message> [<rule id>]`.
 *
 * Only the constraint kinds the directory API uses are understood (required, ignore_empty,
 * string/bytes max_len, int32 bounds, `this.matches('…')` and equality expressions over string
 * fields); compiling a validator for a message with any other constraint throws, so a changed
 * descriptor is refused at start-up instead of being half-checked.
 */

import type { FieldConstraints } from '@aserto/node-directory/src/gen/cjs/buf/validate/validate_pb.js';
import {
  field as fieldConstraints,
  message as messageConstraints,
} from '@aserto/node-directory/src/gen/cjs/buf/validate/validate_pb.js';
import { type DescField, type DescMessage, getOption, hasOption } from '@bufbuild/protobuf';
import { TopazServerError } from './server-error.ts';
import { topazError, topazErrors } from './topaz-errors.ts';

interface Violation {
  readonly field: string;
  readonly message: string;
  readonly rule: string;
}

type Check = (message: Record<string, unknown>, path: string, out: Violation[]) => void;

function unsupported(where: string, what: string): never {
  throw new TopazServerError('descriptor_unsupported', `${where}: unsupported validation constraint ${what}`);
}

const matchesExpression = /^this\.matches\('(.*)'\)$/;

/** Compiles a CEL expression of the form `(this.a == '' && this.b != '') || (…)`. */
function compileEquality(where: string, expression: string): (m: Record<string, unknown>) => boolean {
  const groups = expression.split('||').map((group) =>
    group
      .trim()
      .replace(/^\(|\)$/g, '')
      .split('&&')
      .map((term) => {
        const match = /^this\.(\w+) (==|!=) ''$/.exec(term.trim());
        if (!match) unsupported(where, `expression ${expression}`);
        const [, name = '', op] = match;
        return { name, empty: op === '==' };
      }),
  );
  const camel = (name: string) => name.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
  return (m) =>
    groups.some((terms) =>
      terms.every(({ name, empty }) => (m[camel(name)] === '' || m[camel(name)] === undefined) === empty),
    );
}

function compileField(where: string, field: DescField): Check | undefined {
  if (!hasOption(field, fieldConstraints)) return field.message ? compileNested(field) : undefined;
  const rules: FieldConstraints = getOption(field, fieldConstraints);
  const patterns = rules.cel.map((constraint) => {
    const match = matchesExpression.exec(constraint.expression);
    if (!match?.[1]) unsupported(where, `expression ${constraint.expression}`);
    return {
      id: constraint.id,
      message: constraint.message,
      regex: new RegExp(match[1].replaceAll('\\\\', '\\')),
    };
  });
  const type = rules.type;
  if (type.case !== undefined && type.case !== 'string' && type.case !== 'bytes' && type.case !== 'int32') {
    unsupported(where, type.case);
  }
  const nested = field.message ? compileNested(field) : undefined;
  return (message, path, out) => {
    const value = message[field.localName];
    const name = path + field.name;
    const isEmpty =
      value === undefined || value === '' || (value instanceof Uint8Array && value.length === 0);
    if (isEmpty) {
      if (rules.required) out.push({ field: name, message: 'value is required', rule: 'required' });
      if (rules.required || rules.ignoreEmpty || field.message) return;
    }
    if (type.case === 'string' && typeof value === 'string') {
      const max = type.value.maxLen;
      if (max !== undefined && [...value].length > Number(max)) {
        out.push({
          field: name,
          message: `value length must be at most ${max} characters`,
          rule: 'string.max_len',
        });
      }
    }
    if (type.case === 'bytes' && value instanceof Uint8Array) {
      const max = type.value.maxLen;
      if (max !== undefined && value.length > Number(max)) {
        out.push({
          field: name,
          message: `value length must be at most ${max} bytes`,
          rule: 'bytes.max_len',
        });
      }
    }
    if (type.case === 'int32' && typeof value === 'number') {
      const { greaterThan, lessThan } = type.value;
      const low = greaterThan.case === 'gte' ? greaterThan.value : undefined;
      const high = lessThan.case === 'lte' ? lessThan.value : undefined;
      if ((low !== undefined && value < low) || (high !== undefined && value > high)) {
        out.push({
          field: name,
          message: `value must be greater than or equal to ${low} and less than or equal to ${high}`,
          rule: 'int32.gte_lte',
        });
      }
    }
    for (const pattern of patterns) {
      if (typeof value === 'string' && !pattern.regex.test(value)) {
        out.push({ field: name, message: pattern.message, rule: pattern.id });
      }
    }
    nested?.(message, path, out);
  };
}

function compileNested(field: DescField): Check | undefined {
  if (!field.message || field.message.typeName.startsWith('google.protobuf.')) return undefined;
  const inner = compileMessage(field.message);
  if (field.fieldKind === 'list') {
    return (message, path, out) => {
      const items = (message[field.localName] as Record<string, unknown>[] | undefined) ?? [];
      for (const [i, item] of items.entries()) inner(item, `${path}${field.name}[${i}].`, out);
    };
  }
  return (message, path, out) => {
    const value = message[field.localName] as Record<string, unknown> | undefined;
    if (value) inner(value, `${path}${field.name}.`, out);
  };
}

const compiled = new Map<string, Check>();

function compileMessage(desc: DescMessage): Check {
  const cached = compiled.get(desc.typeName);
  if (cached) return cached;
  const fieldChecks = desc.fields
    .map((f) => compileField(`${desc.typeName}.${f.name}`, f))
    .filter((c): c is Check => c !== undefined);
  const messageRules = hasOption(desc, messageConstraints)
    ? getOption(desc, messageConstraints).cel.map((c) => ({
        ...c,
        holds: compileEquality(desc.typeName, c.expression),
      }))
    : [];
  const check: Check = (message, path, out) => {
    for (const fieldCheck of fieldChecks) fieldCheck(message, path, out);
    for (const rule of messageRules) {
      if (!rule.holds(message))
        out.push({ field: path.replace(/\.$/, ''), message: rule.message, rule: rule.id });
    }
  };
  compiled.set(desc.typeName, check);
  return check;
}

/**
 * Compiles the validator of a request message type (throws a {@link TopazServerError} if the
 * descriptor uses a constraint this module does not understand).
 *
 * @example
 * const validate = requestValidator(CheckRequestSchema);
 * validate(request); // throws E20050 on a violation
 */
export function requestValidator(desc: DescMessage): (message: object) => void {
  const check = compileMessage(desc);
  return (message) => {
    const violations: Violation[] = [];
    check(message as Record<string, unknown>, '', violations);
    if (violations.length === 0) return;
    const lines = violations.map((v) => `\n - ${v.field ? `${v.field}: ` : ''}${v.message} [${v.rule}]`);
    throw topazError(topazErrors.protoValidate, { msg: `validation error:${lines.join('')}` });
  };
}
