/**
 * @module app/directory-sync
 * Keeping the decision service's directory in step with the database without ever losing a
 * change: the relation changes of each data change (enqueued in `directory_outbox` in the same
 * transaction) and the relay that delivers them after commit, at start-up and on a sweep.
 */
export { applyChange, objectsTouched } from './apply-change.ts';
export { announceDelivery, DELIVERY_CHANNEL, listenForDeliveries } from './delivery-notice.ts';
export { groupCreated, groupDeleted, memberChange, objectShareChange } from './group-changes.ts';
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
