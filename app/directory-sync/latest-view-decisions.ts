/**
 * Decisions that never deny on an old view of the directory: when the decision service denies,
 * this replica's view catches up with what every replica delivered (one read of the change log)
 * and, if it advanced, the question is asked again. So a grant committed anywhere before a request
 * arrived is seen by it — the grantee reads a document the moment its owner's share was answered,
 * whichever replica each request reaches. Allows are answered at once (a revocation reaches the
 * other replicas through the change notices, within moments).
 */
import {
  type DecideOptions,
  type DecisionQuery,
  type DecisionService,
  DecisionServiceError,
  type Decisions,
  type SetDecisionQuery,
} from '@gatehousejs/core';
import type { DirectoryReplica } from './directory-replica.ts';

/** Whether any decision the query asked for came back `false`. */
function denies(query: DecisionQuery, answer: Decisions | undefined): boolean {
  const names = query.decisions;
  // A loop, not `some` with a closure: a list asks this for each of its rows.
  for (let i = 0; i < names.length; i++) if (answer?.[names[i]!] !== true) return true;
  return false;
}

/** The positions of the queries of a batch that came back denied. */
function deniedPositions(queries: readonly DecisionQuery[], answers: readonly Decisions[]): number[] {
  const denied: number[] = [];
  for (let i = 0; i < queries.length; i++) if (denies(queries[i]!, answers[i])) denied.push(i);
  return denied;
}

/** Whether a set answer leaves out one of the ids asked about (`object_ids`): a denial of those. */
const leavesOut = (query: SetDecisionQuery, members: readonly string[]) => {
  const asked = query.resourceContext.object_ids;
  if (!Array.isArray(asked)) return false;
  const held = new Set(members);
  return asked.some((id) => !held.has(id as string));
};

/**
 * `service`, asking again after a catch-up of `replica` when it denied and the view advanced.
 *
 * @example
 * const decisionService = decidingOnLatestView(engine, directoryCopyReplica(store));
 */
export function decidingOnLatestView(service: DecisionService, replica: DirectoryReplica): DecisionService {
  // Whether the view holds more than it did at `before` (when the question was first asked), after
  // a catch-up: a change a notice brought in while the service was deciding counts too (the answer
  // may predate it), and so does one brought in while a catch-up failed.
  const advancedSince = async (before: number): Promise<boolean> => {
    await replica.catchUp().catch(() => {});
    return replica.position() > before;
  };
  // An identity the view does not know yet (Topaz's input resolves the caller through the user's
  // `identifier` relation, delivered at sign-in by whichever replica signed in) is asked again too.
  const askAgainAfter = async <T>(before: number, error: unknown, question: () => Promise<T>) => {
    const unknownIdentity = error instanceof DecisionServiceError && error.code === 'invalid_request';
    if (!unknownIdentity || !(await advancedSince(before))) throw error;
    return question();
  };
  const decided: DecisionService = {
    async decide(query: DecisionQuery, options?: DecideOptions) {
      const before = replica.position();
      const question = () => service.decide(query, options);
      let answer: Decisions;
      try {
        answer = await question();
      } catch (error) {
        return askAgainAfter(before, error, question);
      }
      if (!denies(query, answer) || !(await advancedSince(before))) return answer;
      return question();
    },
  };
  const batch = service.decideBatch?.bind(service);
  if (batch) {
    decided.decideBatch = async (queries, options) => {
      const before = replica.position();
      const question = () => batch(queries, options);
      let answers: Decisions[];
      try {
        answers = await question();
      } catch (error) {
        return askAgainAfter(before, error, question);
      }
      const denied = deniedPositions(queries, answers);
      if (denied.length === 0 || !(await advancedSince(before))) return answers;
      const again = await batch(
        denied.map((i) => queries[i]!),
        options,
      );
      const merged = [...answers];
      denied.forEach((i, k) => {
        merged[i] = again[k] ?? {};
      });
      return merged;
    };
  }
  const set = service.decideSet?.bind(service);
  if (set) {
    decided.decideSet = async (query, options) => {
      const before = replica.position();
      const question = () => set(query, options);
      let members: readonly string[] | undefined;
      try {
        members = await question();
      } catch (error) {
        return askAgainAfter(before, error, question);
      }
      if (!members || !leavesOut(query, members) || !(await advancedSince(before))) return members;
      return question();
    };
  }
  return decided;
}
