/**
 * Telling the other replicas that directory changes were delivered (PostgreSQL `NOTIFY` on one
 * channel), so that each clears the decisions it cached from the relations that just changed.
 */
import type { Database } from '../db/index.ts';

/** The channel of delivery notices. */
export const DELIVERY_CHANNEL = 'gatehouse_directory_delivered';

/** Announces a delivery to every replica listening (this one included); never rejects. */
export async function announceDelivery(sql: Database, log: { warn(message: string): void }): Promise<void> {
  try {
    await sql.notify(DELIVERY_CHANNEL, '');
  } catch (error) {
    // The other replicas' caches then expire by their TTL: say so, it is a longer window.
    log.warn(
      `directory delivery notice not sent (other replicas keep cached decisions until their TTL): ${String(error)}`,
    );
  }
}

/**
 * Calls `onDelivery` for every delivery any replica announces (and, as the driver re-subscribes,
 * after a lost connection, when notices may have been missed).
 *
 * @returns the subscription; `unlisten()` ends it
 */
export async function listenForDeliveries(
  sql: Database,
  onDelivery: () => void,
): Promise<{ unlisten(): Promise<void> }> {
  const subscription = await sql.listen(DELIVERY_CHANNEL, onDelivery, onDelivery);
  return { unlisten: async () => void (await subscription.unlisten()) };
}
