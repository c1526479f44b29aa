/**
 * Topaz's directory built-ins for the Rego evaluator — `ds.check`, `ds.checks`, `ds.object`,
 * `ds.relation`, `ds.relations`, `ds.graph` — with Topaz's argument and result shapes, answered
 * synchronously from a store's in-memory index.
 *
 * Where Topaz answers an empty argument with a help string, these refuse with an error instead:
 * a string is a defined (truthy) value in Rego, and a decision must not pass on a typo.
 */
import type { RelationCheck } from '@gatehousejs/core';
import type { CheckResult, DirectoryReader, RelationStore } from '@gatehousejs/directory';
import { DirectoryError } from '@gatehousejs/directory';
import type { PlainObject, Value } from '@gatehousejs/rego';
import { type BuiltinDefinition, BuiltinError } from '@gatehousejs/rego';
import { BuiltinArguments } from './builtin-arguments.ts';
import { objectJson, relatedObjectsJson, relationJson } from './builtin-results.ts';

const CHECK_FIELDS = ['object_type', 'object_id', 'relation', 'subject_type', 'subject_id'] as const;
const RELATION_FIELDS = [...CHECK_FIELDS, 'subject_relation'] as const;

function checkOf(args: BuiltinArguments): RelationCheck {
  return {
    objectType: args.required('object_type'),
    objectId: args.required('object_id'),
    relation: args.required('relation'),
    subjectType: args.required('subject_type'),
    subjectId: args.required('subject_id'),
  };
}

function dsChecks(check: (relationCheck: RelationCheck) => CheckResult, value: Value | undefined): Value {
  const args = new BuiltinArguments('ds.checks', value);
  args.requireAny(['default', 'checks']);
  const defaults =
    args.get('default') === undefined
      ? undefined
      : new BuiltinArguments('ds.checks', args.get('default'), 'field "default"');
  const list = args.get('checks') ?? [];
  if (!Array.isArray(list))
    throw new BuiltinError('eval_type_error', 'ds.checks: field "checks" must be array');
  return (list as readonly Value[]).map((item, i) => {
    const entry = new BuiltinArguments('ds.checks', item, `checks[${i}]`);
    const field = (name: (typeof CHECK_FIELDS)[number]) =>
      entry.string(name) || (defaults?.string(name) ?? '');
    const missing = CHECK_FIELDS.find((name) => field(name) === '');
    const result = missing
      ? { check: false, reason: `missing required field "${missing}"` }
      : check({
          objectType: field('object_type'),
          objectId: field('object_id'),
          relation: field('relation'),
          subjectType: field('subject_type'),
          subjectId: field('subject_id'),
        });
    const context: PlainObject = result.reason === undefined ? {} : { reason: result.reason };
    return { check: result.check, context, trace: [] };
  });
}

function dsObject(reader: DirectoryReader, value: Value | undefined): Value {
  const args = new BuiltinArguments('ds.object', value);
  const type = args.required('object_type');
  const id = args.required('object_id');
  const withRelations = args.boolean('with_relations');
  const record = reader.object(type, id);
  if (!record) return {};
  const relations = withRelations
    ? [
        ...new Set([
          ...reader.relations({ objectType: type, objectId: id }),
          ...reader.relations({ subjectType: type, subjectId: id }),
        ]),
      ].map(relationJson)
    : [];
  return { ...objectJson(record), relations };
}

function dsRelation(reader: DirectoryReader, value: Value | undefined): Value {
  const args = new BuiltinArguments('ds.relation', value);
  const [objectType, objectId, relation, subjectType, subjectId] = CHECK_FIELDS.map((f) => args.required(f));
  const found = reader.relations({
    objectType,
    objectId,
    relation,
    subjectType,
    subjectId,
    subjectRelation: args.string('subject_relation'),
  });
  if (found.length === 0) return {};
  const objects = args.boolean('with_objects')
    ? relatedObjectsJson(found, (t, i) => reader.object(t, i))
    : {};
  return { result: relationJson(found[0] as (typeof found)[0]), objects };
}

function dsRelations(reader: DirectoryReader, value: Value | undefined): Value {
  const args = new BuiltinArguments('ds.relations', value);
  args.requireAny(RELATION_FIELDS);
  const filter = (field: (typeof RELATION_FIELDS)[number]) => args.string(field) || undefined;
  const found = reader.relations({
    objectType: filter('object_type'),
    objectId: filter('object_id'),
    relation: filter('relation'),
    subjectType: filter('subject_type'),
    subjectId: filter('subject_id'),
    subjectRelation: filter('subject_relation'),
    withoutSubjectRelation: args.boolean('with_empty_subject_relation'),
  });
  if (found.length === 0) return {};
  const objects = args.boolean('with_objects')
    ? relatedObjectsJson(found, (t, i) => reader.object(t, i))
    : {};
  return { results: found.map(relationJson), objects };
}

function dsGraph(reader: DirectoryReader, value: Value | undefined): Value | undefined {
  const args = new BuiltinArguments('ds.graph', value);
  if (args.string('subject_relation') !== '') {
    throw new BuiltinError(
      'eval_builtin_error',
      'ds.graph: "subject_relation" is not supported by the embedded directory',
    );
  }
  if (args.boolean('explain')) {
    throw new BuiltinError(
      'eval_builtin_error',
      'ds.graph: "explain" is not supported by the embedded directory',
    );
  }
  args.boolean('trace');
  try {
    const results = reader.graph({
      objectType: args.required('object_type'),
      objectId: args.string('object_id') || undefined,
      relation: args.required('relation'),
      subjectType: args.required('subject_type'),
      subjectId: args.string('subject_id') || undefined,
    });
    // Topaz 0.33.16's ds.graph is undefined when the search finds nothing (not `{}`).
    if (results.length === 0) return undefined;
    return { results: results.map((r) => ({ object_type: r.objectType, object_id: r.objectId })), trace: [] };
  } catch (error) {
    if (!(error instanceof DirectoryError)) throw error;
    throw new BuiltinError('eval_builtin_error', `ds.graph: ${error.message}`, { cause: error });
  }
}

/** Options of {@link createDirectoryBuiltins}. */
export interface DirectoryBuiltinOptions {
  /**
   * Told each time a check names an object type, relation or subject type the manifest does not
   * have (such a check is false, as in Topaz): a misspelling in a policy or a guard.
   */
  readonly onUnknownName?: (reason: string) => void;
}

// The reasons `resolveCheck` gives for names the model does not have.
const UNKNOWN_NAME = /^(object type|relation or permission|subject type) not found: /;

/**
 * The directory built-ins over a store. Each takes one object argument, as in Topaz:
 * - `ds.check({object_type, object_id, relation, subject_type, subject_id})` → boolean
 * - `ds.checks({default: {...}, checks: [{...}]})` → `[{check, context, trace}]` (fields missing
 *   from a check are taken from `default`)
 * - `ds.object({object_type, object_id, with_relations?})` → the object, or `{}` when absent
 * - `ds.relation({object_type, object_id, relation, subject_type, subject_id, subject_relation?,
 *   with_objects?})` → `{result, objects}`, or `{}` when absent
 * - `ds.relations({...any of those, with_objects?, with_empty_subject_relation?})` →
 *   `{results, objects}`, or `{}` when nothing matches
 * - `ds.graph({object_type, object_id?, relation, subject_type, subject_id?})` →
 *   `{results: [{object_type, object_id}], trace}`, undefined when nothing is found (as in Topaz)
 *
 * @param store the store whose index answers (only `reader` is used, read at each call)
 * @param options - `onUnknownName` (default none)
 * @example
 * const builtins = createDirectoryBuiltins(store);
 * // register them with the Rego evaluator next to the standard built-ins
 */
export function createDirectoryBuiltins(
  store: Pick<RelationStore, 'reader'>,
  options: DirectoryBuiltinOptions = {},
): BuiltinDefinition[] {
  const { onUnknownName } = options;
  const check = (relationCheck: RelationCheck): CheckResult => {
    const result = store.reader.check(relationCheck);
    if (onUnknownName && result.reason !== undefined && UNKNOWN_NAME.test(result.reason)) {
      onUnknownName(result.reason);
    }
    return result;
  };
  const define = (
    name: string,
    call: (value: Value | undefined) => Value | undefined,
  ): BuiltinDefinition => ({
    name,
    arity: 1,
    kind: 'function',
    call: (args) => call(args[0]),
  });
  return [
    define('ds.check', (value) => {
      const args = new BuiltinArguments('ds.check', value);
      args.boolean('trace');
      return check(checkOf(args)).check;
    }),
    define('ds.checks', (value) => dsChecks(check, value)),
    define('ds.object', (value) => dsObject(store.reader, value)),
    define('ds.relation', (value) => dsRelation(store.reader, value)),
    define('ds.relations', (value) => dsRelations(store.reader, value)),
    define('ds.graph', (value) => dsGraph(store.reader, value)),
  ];
}
