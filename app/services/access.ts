/**
 * The authorization a service sees: who is asking, and the relationship decisions about them.
 * The HTTP layer builds one per request from the authorization configuration (so every decision
 * goes through the policies, the cache, the breaker and the audit log); services never decide
 * access on their own.
 */
import { ServiceError } from './service-error.ts';

/** Object types of the directory that services ask about. */
export type ObjectType = 'document' | 'folder' | 'group';

/** Permissions of the directory manifest. */
export type Permission = 'can_read' | 'can_write' | 'can_delete' | 'can_share';

/** Every permission, in the order the API reports them. */
export const PERMISSIONS: readonly Permission[] = Object.freeze([
  'can_read',
  'can_write',
  'can_share',
  'can_delete',
]);

/** Decisions about the caller of one request. */
export interface Access {
  /** The signed-in user's id, or `undefined` for a request without a user. */
  readonly userId: string | undefined;
  /** Which of `permissions` the caller holds on the object; never throws on denial. */
  permissions(
    type: ObjectType,
    id: number,
    permissions: readonly Permission[],
  ): Promise<Record<Permission, boolean>>;
  /** Resolves when the caller holds `permission`; otherwise throws a `forbidden` `ServiceError`. */
  require(type: ObjectType, id: number, permission: Permission): Promise<void>;
  /**
   * Told when a permission change of this caller committed but is not yet effective (the
   * directory is unreachable), so that the answer can say so; absent where nobody is told.
   */
  readonly onPending?: () => void;
  /**
   * Told when a permission change of this caller is in effect, with the directory position that
   * holds it (the caller's next request waits for it on any replica); absent where nobody is told.
   */
  readonly onEffective?: (position: number) => void;
  /**
   * The items on which the caller holds `permission`, in order. `reach`: how many objects of the
   * type the caller may hold it on, when a graph search told (a list then asks one question for the
   * page when that is cheaper than one per item).
   */
  filter<T extends { readonly id: number }>(
    type: ObjectType,
    items: readonly T[],
    permission: Permission,
    reach?: number,
  ): Promise<T[]>;
}

/** The signed-in user's id; an `unauthenticated` `ServiceError` for a request without a user. */
export function signedIn(access: Access): string {
  if (access.userId === undefined) throw new ServiceError('unauthenticated', 'Sign-in required');
  return access.userId;
}
