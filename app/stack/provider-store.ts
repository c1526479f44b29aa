/**
 * The development provider's storage: sessions, interactions, grants and codes in memory,
 * bounded in size and expiring with their own lifetimes. A restart signs everyone out of the
 * provider, which is what a development stack wants.
 */
import { LRUCache } from 'lru-cache';
import type { AdapterFactory, AdapterPayload } from 'oidc-provider';

/** Upper bound of stored records (all models together). */
const MAX_RECORDS = 20_000;

/**
 * A fresh in-memory store for one provider instance.
 *
 * @example
 * new Provider(issuer, { adapter: createProviderStore(), ... });
 */
export function createProviderStore(): AdapterFactory {
  const records = new LRUCache<string, AdapterPayload>({ max: MAX_RECORDS });
  /** `model:uid` and `model:userCode` → record id. */
  const lookups = new LRUCache<string, string>({ max: MAX_RECORDS });
  /** grant id → keys of the records issued under it. */
  const grants = new LRUCache<string, Set<string>>({ max: MAX_RECORDS });

  return (model) => {
    const keyOf = (id: string) => `${model}:${id}`;
    const find = async (id: string) => records.get(keyOf(id));
    return {
      async upsert(id, payload, expiresIn) {
        const ttl = expiresIn ? expiresIn * 1000 : undefined;
        records.set(keyOf(id), payload, { ttl });
        if (payload.uid) lookups.set(`${model}:uid:${payload.uid}`, id, { ttl });
        if (payload.userCode) lookups.set(`${model}:code:${payload.userCode}`, id, { ttl });
        if (payload.grantId) {
          const members = grants.get(payload.grantId) ?? new Set<string>();
          grants.set(payload.grantId, members.add(keyOf(id)));
        }
      },
      find,
      async findByUid(uid) {
        const id = lookups.get(`${model}:uid:${uid}`);
        return id ? find(id) : undefined;
      },
      async findByUserCode(userCode) {
        const id = lookups.get(`${model}:code:${userCode}`);
        return id ? find(id) : undefined;
      },
      async consume(id) {
        const payload = records.get(keyOf(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        records.delete(keyOf(id));
      },
      async revokeByGrantId(grantId) {
        for (const key of grants.get(grantId) ?? []) records.delete(key);
        grants.delete(grantId);
      },
    };
  };
}
