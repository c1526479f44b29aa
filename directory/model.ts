/**
 * The resolved directory model (Topaz manifest v3): object types with their relations and
 * permissions, every reference checked and every definition resolved to the subject types that
 * can satisfy it. Built by `parseManifest`; read by the stores, the check and the built-ins.
 */

/** A term of a relation definition: `user`, `user:*` or `group#member`. */
export type RelationTerm =
  | { readonly kind: 'direct'; readonly type: string }
  | { readonly kind: 'wildcard'; readonly type: string }
  | { readonly kind: 'subjectSet'; readonly type: string; readonly relation: string };

/** A relation: a union of the subjects that may be assigned to it. */
export interface RelationModel {
  readonly kind: 'relation';
  readonly objectType: string;
  readonly name: string;
  readonly terms: readonly RelationTerm[];
  /** Subject types a check can find through this relation (subject sets expanded). */
  readonly subjectTypes: ReadonlySet<string>;
}

/** A term of a permission: a relation or permission of the same type, or an arrow `base->name`. */
export interface PermissionTerm {
  /** The relation followed by an arrow (`parent` in `parent->can_read`); absent for a plain term. */
  readonly base?: string;
  /** The relation or permission checked (on the same object, or on the arrow's targets). */
  readonly name: string;
}

/** How a permission combines its terms: `|`, `&`, or `-` (first term minus the second). */
export type PermissionOperator = 'union' | 'intersection' | 'exclusion';

/** A permission: terms combined by one operator. */
export interface PermissionModel {
  readonly kind: 'permission';
  readonly objectType: string;
  readonly name: string;
  readonly operator: PermissionOperator;
  readonly terms: readonly PermissionTerm[];
  /** Subject types that can possibly hold this permission. */
  readonly subjectTypes: ReadonlySet<string>;
}

/** An object type of the model. */
export interface ObjectTypeModel {
  readonly name: string;
  readonly relations: ReadonlyMap<string, RelationModel>;
  readonly permissions: ReadonlyMap<string, PermissionModel>;
}

/** A validated, resolved directory model. */
export interface DirectoryModel {
  /** The file the manifest came from (for messages). */
  readonly file: string;
  readonly types: ReadonlyMap<string, ObjectTypeModel>;
}

/** Whether `value` is a {@link DirectoryModel} (as returned by `parseManifest`). */
export function isDirectoryModel(value: unknown): value is DirectoryModel {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as DirectoryModel).types instanceof Map &&
    typeof (value as DirectoryModel).file === 'string'
  );
}
