/**
 * A subject search with explanations over relations read synchronously: a walk from the
 * searched object down through permission terms, arrows (`parent->can_read`, also through
 * subject sets) and subject sets (`group#member`) to the subjects that hold the relation,
 * recording the stored relations passed on the way. A walk never passes the same sub-question
 * twice on one path (cycles end there), and is bounded in depth and steps like a check.
 */
import type { GraphSubject, Relation, RelationCheck, SubjectSearch } from '@gatehousejs/core';
import { DirectoryError } from './errors.ts';
import type { GraphRules, TermRule } from './graph-rules.ts';
import type { CheckLimits } from './relation-check.ts';
import { toRelation } from './relation-records.ts';
import type { CheckResult, RelationQuery, RelationRecord } from './relation-store.ts';

/** Reads the stored relations `objectType:objectId#relation@…`. */
export type RelationsOf = (objectType: string, objectId: string, relation: string) => readonly Relation[];

/** Most explanations kept per subject; the first ones found, the shortest among them first. */
export const MAX_PATHS_PER_SUBJECT = 16;

interface Found {
  readonly type: string;
  readonly id: string;
  readonly paths: Relation[][];
}

function termsByPermission(rules: GraphRules): Map<string, TermRule[]> {
  const terms = new Map<string, TermRule[]>();
  for (const rule of rules.terms) {
    const key = `${rule.objectType}#${rule.permission}`;
    const list = terms.get(key);
    if (list) list.push(rule);
    else terms.set(key, [rule]);
  }
  return terms;
}

/**
 * Finds the subjects of a search with their explanations (unconfirmed: with intersections or
 * exclusions in the model the caller checks each subject).
 *
 * @throws {DirectoryError} `invalid_query` when the walk needs more than `limits.maxVisits` steps
 */
export function walkSubjectPaths(
  rules: GraphRules,
  relationsOf: RelationsOf,
  limits: CheckLimits,
  search: SubjectSearch,
): GraphSubject[] {
  const terms = termsByPermission(rules);
  const wantedSet = search.subjectRelation ?? '';
  const found = new Map<string, Found>();
  const onPath = new Set<string>();
  let visits = 0;

  const add = (type: string, id: string, path: Relation[]) => {
    const key = `${type}:${id}`;
    const entry = found.get(key) ?? { type, id, paths: [] };
    found.set(key, entry);
    if (entry.paths.length < MAX_PATHS_PER_SUBJECT) entry.paths.push(path);
  };

  // `tail`: the arrow's name to check on the members of the subject set being walked, else ''.
  const visit = (type: string, id: string, name: string, tail: string, path: Relation[]): void => {
    const key = `${type}:${id}#${name}\u0000${tail}`;
    if (onPath.has(key) || path.length >= limits.maxDepth) return;
    if (++visits > limits.maxVisits) {
      throw new DirectoryError('invalid_query', `graph search needed more than ${limits.maxVisits} steps`);
    }
    onPath.add(key);
    try {
      const permissionTerms = tail === '' ? terms.get(`${type}#${name}`) : undefined;
      if (permissionTerms) {
        for (const term of permissionTerms) {
          if (term.base === '') {
            visit(type, id, term.name, '', path);
            continue;
          }
          for (const base of relationsOf(type, id, term.base)) {
            if (base.subjectId === '*') continue; // a wildcard names no object to follow
            const next = [...path, base];
            if (base.subjectRelation)
              visit(base.subjectType, base.subjectId, base.subjectRelation, term.name, next);
            else visit(base.subjectType, base.subjectId, term.name, '', next);
          }
        }
        return;
      }
      for (const relation of relationsOf(type, id, name)) {
        const next = [...path, relation];
        if (relation.subjectRelation) {
          if (
            tail === '' &&
            relation.subjectType === search.subjectType &&
            relation.subjectRelation === wantedSet
          ) {
            add(relation.subjectType, relation.subjectId, next);
          }
          visit(relation.subjectType, relation.subjectId, relation.subjectRelation, tail, next);
        } else if (tail !== '') {
          if (relation.subjectId !== '*') visit(relation.subjectType, relation.subjectId, tail, '', next);
        } else if (wantedSet === '' && relation.subjectType === search.subjectType) {
          add(relation.subjectType, relation.subjectId, next);
        }
      }
    } finally {
      onPath.delete(key);
    }
  };

  visit(search.objectType, search.objectId, search.relation, '', []);
  return [...found.values()]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map(({ type, id, paths }) => ({
      type,
      id,
      ...(wantedSet ? { relation: wantedSet } : {}),
      paths: paths.sort((a, b) => a.length - b.length),
    }));
}

/** What {@link searchSubjects} reads: stored relations and checks. */
export interface SubjectSearchReads {
  relations(query: RelationQuery): readonly RelationRecord[];
  check(check: RelationCheck): CheckResult;
}

/**
 * A validated subject search over a reader: the walk, then — where the model has intersections
 * or exclusions, which a walk can only over-approximate — a check of each subject found.
 */
export function searchSubjects(
  rules: GraphRules,
  reads: SubjectSearchReads,
  limits: CheckLimits,
  search: SubjectSearch,
): GraphSubject[] {
  const relationsOf = (objectType: string, objectId: string, relation: string) =>
    reads.relations({ objectType, objectId, relation }).map(toRelation);
  const found = walkSubjectPaths(rules, relationsOf, limits, search);
  if (rules.unionOnly || search.subjectRelation) return found;
  const { objectType, objectId, relation } = search;
  return found.filter(
    (subject) =>
      reads.check({ objectType, objectId, relation, subjectType: subject.type, subjectId: subject.id }).check,
  );
}
