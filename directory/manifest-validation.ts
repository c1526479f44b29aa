/**
 * Semantic checks of a manifest, following Topaz's model validation: valid and unique names,
 * references to existing types, relations and permissions, arrows whose base is a relation and
 * whose target exists on every type the base can hold, and definitions that resolve to at least
 * one subject type. Then the definitions are resolved to their subject types.
 */
import type { ManifestIssue } from './errors.ts';
import type { RawPermission, RawRelation, RawType, ReportIssue } from './manifest-source.ts';
import type { DirectoryModel, ObjectTypeModel, PermissionModel, RelationModel } from './model.ts';

const IDENTIFIER = /^[a-z][a-z0-9._-]{1,62}[a-z0-9]$/;
const IDENTIFIER_RULE =
  'names are 3 to 64 characters: lowercase letters, digits, dots, underscores and dashes, ' +
  'starting with a letter and ending with a letter or digit';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Validates raw definitions and resolves them into a model; problems are added to `issues`. */
export function resolveManifest(
  raw: readonly RawType[],
  file: string,
  issues: ManifestIssue[],
): DirectoryModel {
  const report: ReportIssue = (at, message) => issues.push({ file, ...at, message });
  const byName = new Map(raw.map((type) => [type.name, type]));
  checkNames(raw, report);

  const relations = new Map<string, Mutable<RelationModel>>();
  const permissions = new Map<string, Mutable<PermissionModel>>();
  const key = (type: string, name: string) => `${type}#${name}`;
  const isRelation = (type: string, name: string) => byName.get(type)?.relations.some((r) => r.name === name);
  const isPermission = (type: string, name: string) =>
    byName.get(type)?.permissions.some((p) => p.name === name);

  for (const type of raw) {
    for (const relation of type.relations) {
      if (checkRelationTerms(type, relation, byName, isPermission, report)) {
        relations.set(key(type.name, relation.name), {
          kind: 'relation',
          objectType: type.name,
          name: relation.name,
          terms: relation.terms.map(({ at: _, ...term }) => term),
          subjectTypes: new Set(),
        });
      }
    }
  }
  for (const type of raw) {
    for (const permission of type.permissions) {
      if (isRelation(type.name, permission.name)) {
        report(
          permission.at,
          `permission '${type.name}:${permission.name}' conflicts with relation of that name`,
        );
      } else if (checkPermissionTerms(type, permission, isRelation, isPermission, report)) {
        permissions.set(key(type.name, permission.name), {
          kind: 'permission',
          objectType: type.name,
          name: permission.name,
          operator: permission.operator,
          terms: permission.terms.map(({ at: _, ...term }) => term),
          subjectTypes: new Set(),
        });
      }
    }
  }
  if (issues.length > 0) return buildModel(file, raw, relations, permissions);

  resolveSubjectTypes(relations, permissions, key);
  for (const type of raw) {
    for (const relation of type.relations) {
      if (relations.get(key(type.name, relation.name))?.subjectTypes.size === 0) {
        report(relation.at, `relation '${type.name}:${relation.name}' is circular and resolves to no type`);
      }
    }
    for (const permission of type.permissions) {
      checkArrowTargets(type, permission, relations, isRelation, isPermission, key, report);
      if (permissions.get(key(type.name, permission.name))?.subjectTypes.size === 0) {
        report(permission.at, `permission '${type.name}:${permission.name}' cannot be satisfied by any type`);
      }
    }
  }
  return buildModel(file, raw, relations, permissions);
}

function checkNames(raw: readonly RawType[], report: ReportIssue): void {
  for (const type of raw) {
    if (!IDENTIFIER.test(type.name)) report(type.at, `invalid type name '${type.name}': ${IDENTIFIER_RULE}`);
    for (const def of [...type.relations, ...type.permissions]) {
      if (!IDENTIFIER.test(def.name))
        report(def.at, `invalid name '${type.name}:${def.name}': ${IDENTIFIER_RULE}`);
    }
  }
}

function checkRelationTerms(
  type: RawType,
  relation: RawRelation,
  byName: ReadonlyMap<string, RawType>,
  isPermission: (type: string, name: string) => boolean | undefined,
  report: ReportIssue,
): boolean {
  let ok = true;
  const where = `relation '${type.name}:${relation.name}'`;
  for (const term of relation.terms) {
    const target = byName.get(term.type);
    if (!target) {
      report(term.at, `${where} references undefined type '${term.type}'`);
      ok = false;
    } else if (term.kind === 'subjectSet' && !target.relations.some((r) => r.name === term.relation)) {
      const why = isPermission(term.type, term.relation)
        ? `'${term.type}#${term.relation}' is a permission; a subject set names a relation`
        : `references undefined relation '${term.type}#${term.relation}'`;
      report(term.at, `${where} ${why}`);
      ok = false;
    }
  }
  return ok;
}

function checkPermissionTerms(
  type: RawType,
  permission: RawPermission,
  isRelation: (type: string, name: string) => boolean | undefined,
  isPermission: (type: string, name: string) => boolean | undefined,
  report: ReportIssue,
): boolean {
  let ok = true;
  const where = `permission '${type.name}:${permission.name}'`;
  for (const term of permission.terms) {
    if (term.base === undefined) {
      if (!isRelation(type.name, term.name) && !isPermission(type.name, term.name)) {
        report(term.at, `${where} references undefined relation or permission '${type.name}:${term.name}'`);
        ok = false;
      }
    } else if (isPermission(type.name, term.base)) {
      report(
        term.at,
        `${where}: the base of an arrow must be a relation, and '${term.base}' is a permission`,
      );
      ok = false;
    } else if (!isRelation(type.name, term.base)) {
      report(term.at, `${where} references undefined relation '${type.name}:${term.base}'`);
      ok = false;
    }
  }
  return ok;
}

function checkArrowTargets(
  type: RawType,
  permission: RawPermission,
  relations: ReadonlyMap<string, RelationModel>,
  isRelation: (type: string, name: string) => boolean | undefined,
  isPermission: (type: string, name: string) => boolean | undefined,
  key: (type: string, name: string) => string,
  report: ReportIssue,
): void {
  for (const term of permission.terms) {
    if (term.base === undefined) continue;
    for (const subjectType of relations.get(key(type.name, term.base))?.subjectTypes ?? []) {
      if (!isRelation(subjectType, term.name) && !isPermission(subjectType, term.name)) {
        report(
          term.at,
          `permission '${type.name}:${permission.name}': '${term.base}->${term.name}' can reach type ` +
            `'${subjectType}', which has no relation or permission '${term.name}'`,
        );
      }
    }
  }
}

/** Least fixpoint: relation and permission subject types grow until nothing changes. */
function resolveSubjectTypes(
  relations: ReadonlyMap<string, Mutable<RelationModel>>,
  permissions: ReadonlyMap<string, Mutable<PermissionModel>>,
  key: (type: string, name: string) => string,
): void {
  const typesOf = (type: string, name: string): ReadonlySet<string> =>
    relations.get(key(type, name))?.subjectTypes ??
    permissions.get(key(type, name))?.subjectTypes ??
    new Set();
  let changed = true;
  while (changed) {
    changed = false;
    for (const relation of relations.values()) {
      const next = new Set<string>();
      for (const term of relation.terms) {
        if (term.kind === 'subjectSet') for (const t of typesOf(term.type, term.relation)) next.add(t);
        else next.add(term.type);
      }
      if (next.size !== relation.subjectTypes.size) {
        relation.subjectTypes = next;
        changed = true;
      }
    }
    for (const permission of permissions.values()) {
      const termTypes = permission.terms.map((term) => {
        if (term.base === undefined) return typesOf(permission.objectType, term.name);
        const reached = new Set<string>();
        for (const target of typesOf(permission.objectType, term.base)) {
          for (const t of typesOf(target, term.name)) reached.add(t);
        }
        return reached;
      });
      const next = combine(permission.operator, termTypes);
      if (next.size !== permission.subjectTypes.size) {
        permission.subjectTypes = next;
        changed = true;
      }
    }
  }
}

function combine(operator: PermissionModel['operator'], sets: readonly ReadonlySet<string>[]): Set<string> {
  if (operator === 'exclusion') return new Set(sets[0]);
  if (operator === 'union') return new Set(sets.flatMap((s) => [...s]));
  const [first, ...rest] = sets;
  return new Set([...(first ?? [])].filter((t) => rest.every((s) => s.has(t))));
}

function buildModel(
  file: string,
  raw: readonly RawType[],
  relations: ReadonlyMap<string, RelationModel>,
  permissions: ReadonlyMap<string, PermissionModel>,
): DirectoryModel {
  const types = new Map<string, ObjectTypeModel>();
  for (const type of raw) {
    const own = <T extends { objectType: string; name: string }>(defs: ReadonlyMap<string, T>) =>
      new Map(
        [...defs.values()].filter((d) => d.objectType === type.name).map((d) => [d.name, Object.freeze(d)]),
      );
    types.set(type.name, { name: type.name, relations: own(relations), permissions: own(permissions) });
  }
  return { file, types };
}
