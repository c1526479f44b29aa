/**
 * What happens right after a commit that changed relations: its outbox entries are delivered (by
 * this replica's relay, or found delivered by another's, then this replica's view catches up), and
 * the caller learns whether the change is in effect — with the directory position that holds it,
 * which the caller's next request, on any replica, waits for (read-your-writes) — or pending.
 */
import type { DirectoryReplica } from './directory-replica.ts';
import type { DeliveryState, OutboxRelay, RelayPass } from './outbox-relay.ts';

/** Who is told how a commit's changes fared (the request that committed them). */
export interface CommitObserver {
  /** The change committed but is not yet effective (the directory is unreachable). */
  readonly onPending?: () => void;
  /** The change is effective in this replica's view of the directory, at `position`. */
  readonly onEffective?: (position: number) => void;
}

/** After a commit: `outboxIds` its own entries; without them, what is pending is delivered. */
export type AfterCommit = (
  outboxIds?: readonly number[],
  observer?: CommitObserver,
) => Promise<DeliveryState | RelayPass>;

/**
 * The after-commit step of the services.
 *
 * @example
 * const afterCommit = commitDelivery({ relay, replica, log });
 * const services = createServices({ sql, afterCommit, graph });
 */
export function commitDelivery(deps: {
  readonly relay: OutboxRelay;
  readonly replica: DirectoryReplica;
  readonly log: { warn(message: string): void };
}): AfterCommit {
  const { relay, replica, log } = deps;
  // Delivered by this relay: this view has the changes and was told. Delivered elsewhere: it
  // must read them in before the caller's next decision here.
  const effective = async (outboxIds: readonly number[]): Promise<DeliveryState> => {
    const state = await relay.deliver(outboxIds);
    if (state !== 'delivered_elsewhere') return state;
    try {
      await replica.catchUp();
    } catch (error) {
      log.warn(`directory catch-up after a commit failed: ${String(error)}`);
      return 'pending';
    }
    return state;
  };
  return async (outboxIds, observer) => {
    if (!outboxIds) return relay.flush();
    const state = await effective(outboxIds);
    if (state === 'pending') observer?.onPending?.();
    else observer?.onEffective?.(replica.position());
    return state;
  };
}
