/**
 * Graph search (Topaz's `GetGraph`, behind `ds.graph`): the objects a subject reaches through
 * a relation or permission, or the subjects that reach an object. Candidates are the ids the
 * index knows for the searched type (or, for an object search, those the caller's walk found),
 * each confirmed by the same check resolution as `check`, so the search and the check can never
 * disagree. An object search reuses one memo for all candidates (the subject is fixed).
 */
import type { CheckPlan } from './check-plan.ts';
import { DirectoryError } from './errors.ts';
import { type CheckLimits, CheckRun, isVisitBudgetExceeded } from './relation-check.ts';
import type { RelationIndex } from './relation-index.ts';
import type { GraphNode, GraphQuery } from './relation-store.ts';

/** Checks a graph query against the model (names known, one id given). */
export function validateGraphQuery(plan: CheckPlan, query: GraphQuery): void {
  const definitions = plan.definitions.get(query.objectType);
  if (!definitions) throw new DirectoryError('invalid_query', `object type not found: ${query.objectType}`);
  if (!definitions.has(query.relation)) {
    throw new DirectoryError(
      'invalid_query',
      `relation or permission not found: ${query.objectType}#${query.relation}`,
    );
  }
  if (!plan.typeOrdinals.has(query.subjectType)) {
    throw new DirectoryError('invalid_query', `subject type not found: ${query.subjectType}`);
  }
  if (!query.objectId && !query.subjectId) {
    throw new DirectoryError('invalid_query', 'object_id or subject_id must be specified');
  }
}

function holds(run: CheckRun, objectType: string, objectId: string, relation: string): boolean {
  try {
    return run.holds(objectType, objectId, relation);
  } catch (error) {
    if (isVisitBudgetExceeded(error)) return false;
    throw error;
  }
}

/**
 * Runs a graph search. Results are sorted by id. `walked`: for an object search, the candidate
 * ids the subject reaches by the index walk — which must include every object a check grants
 * (default: every object of the type).
 *
 * @throws {DirectoryError} `invalid_query` for unknown types or relations, or when neither id is given
 */
export function searchGraph(
  plan: CheckPlan,
  index: RelationIndex,
  limits: CheckLimits,
  query: GraphQuery,
  walked?: (subjectId: string) => Iterable<string>,
): GraphNode[] {
  validateGraphQuery(plan, query);
  const found: GraphNode[] = [];
  if (!query.objectId) {
    const subjectId = query.subjectId as string;
    const run = new CheckRun(plan, index, limits, query.subjectType, subjectId);
    for (const id of walked ? walked(subjectId) : index.objectIds(query.objectType)) {
      if (holds(run, query.objectType, id, query.relation))
        found.push({ objectType: query.objectType, objectId: id });
    }
  } else {
    const candidates = query.subjectId ? [query.subjectId] : index.subjectIds(query.subjectType);
    for (const id of candidates) {
      const run = new CheckRun(plan, index, limits, query.subjectType, id);
      if (holds(run, query.objectType, query.objectId, query.relation)) {
        found.push({ objectType: query.subjectType, objectId: id });
      }
    }
  }
  return found.sort((a, b) => (a.objectId < b.objectId ? -1 : a.objectId > b.objectId ? 1 : 0));
}
