/** Type built-ins: `is_number`, `is_string`, …, `type_name`. */
import type { BuiltinDefinition } from '../builtin.ts';
import { kindOf, type ValueKind } from '../value/index.ts';
import { arg, defineFunction } from './operands.ts';

function isKind(name: string, kind: ValueKind): BuiltinDefinition {
  return defineFunction(name, 1, (args) => kindOf(arg(args, 0)) === kind);
}

/** Type built-ins. */
export const typeBuiltins: readonly BuiltinDefinition[] = [
  isKind('is_number', 'number'),
  isKind('is_string', 'string'),
  isKind('is_boolean', 'boolean'),
  isKind('is_array', 'array'),
  isKind('is_set', 'set'),
  isKind('is_object', 'object'),
  isKind('is_null', 'null'),
  defineFunction('type_name', 1, (args) => kindOf(arg(args, 0))),
];
