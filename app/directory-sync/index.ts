/**
 * @module app/directory-sync
 * Keeping the decision service's directory in step with the database without ever losing a
 * change: the relation changes of each data change (enqueued in `directory_outbox` in the same
 * transaction) and the relay that delivers them after commit, at start-up and on a sweep; this
 * process's view of the shared directory (catching up with other replicas, telling the decision
 * cache of changes) and read-your-writes across replicas.
 */
export type { AfterCommit, CommitObserver } from './commit-delivery.ts';
export { commitDelivery } from './commit-delivery.ts';
export type { DirectoryCopy, DirectoryReplica } from './directory-replica.ts';
export {
  directoryCopyReplica,
  remoteDirectoryReplica,
  singleProcessReplica,
} from './directory-replica.ts';
export type { DirectorySync, DirectorySyncOptions } from './directory-sync.ts';
export { createDirectorySync } from './directory-sync.ts';
export { groupCreated, groupDeleted, memberChange, objectShareChange } from './group-changes.ts';
export { decidingOnLatestView } from './latest-view-decisions.ts';
export { objectsTouched } from './objects-touched.ts';
export type {
  DeliveryState,
  OutboxRelay,
  OutboxRelayOptions,
  RelayLog,
  RelayPass,
  RelayStatus,
  RelayTimers,
} from './outbox-relay.ts';
export { createOutboxRelay, outboxRelayOptionsSchema } from './outbox-relay.ts';
export { ownershipTransferred } from './ownership-changes.ts';
export type { ReadYourWrites } from './read-your-writes.ts';
export { DEFAULT_MAX_WAIT_MS, readYourWrites } from './read-your-writes.ts';
export {
  documentCreated,
  documentDeleted,
  documentUpdated,
  folderCreated,
  folderDeleted,
  folderUpdated,
  shareGranted,
  shareRevoked,
  userChanges,
} from './relation-changes.ts';
