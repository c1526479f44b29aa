/**
 * Sibling order as in the nav: after the pages are published, the children of each parent are
 * put in nav order with Confluence's move endpoint (`move/before|after/{sibling}`), as few moves
 * as it takes. The current order comes from the bulk listing's positions plus the pages created in
 * this build (Confluence puts a new page last); when the listing gives no positions, or a page
 * changed parent in this build, the parent's children are read once. Nothing to reorder costs
 * no call.
 */
import type { WikiApi } from '../wiki/index.ts';
import type { RemoteSite } from './remote-site.ts';

/** One move: put `id` before or after `targetId`. */
export interface SiblingMove {
  readonly id: string;
  readonly position: 'before' | 'after';
  readonly targetId: string;
}

/** The ids of `current` that already stand in `wanted`'s order, as many as possible (a longest increasing run). */
function keptInPlace(current: readonly string[], wanted: readonly string[]): Set<string> {
  const rank = new Map(wanted.map((id, index) => [id, index]));
  const ranks = current.map((id) => rank.get(id) ?? -1);
  const tails: number[] = []; // index into current of the last item of the best run of each length
  const previous: number[] = [];
  ranks.forEach((value, index) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((ranks[tails[middle] ?? 0] ?? 0) < value) low = middle + 1;
      else high = middle;
    }
    previous[index] = low > 0 ? (tails[low - 1] ?? -1) : -1;
    tails[low] = index;
  });
  const kept = new Set<string>();
  for (let index = tails[tails.length - 1] ?? -1; index >= 0; index = previous[index] ?? -1) {
    kept.add(current[index] ?? '');
  }
  return kept;
}

/**
 * The fewest moves that turn `current` into `wanted` (both lists of the same ids): the longest run
 * already in order stays; every other page is moved after its predecessor in `wanted` (the first
 * one before the current first).
 *
 * @example
 * siblingMoves(['b', 'a', 'c'], ['a', 'b', 'c']); // [{ id: 'b', position: 'after', targetId: 'a' }]
 */
export function siblingMoves(current: readonly string[], wanted: readonly string[]): SiblingMove[] {
  const kept = keptInPlace(current, wanted);
  const order = [...current];
  const moves: SiblingMove[] = [];
  wanted.forEach((id, index) => {
    if (kept.has(id)) return;
    const previous = wanted[index - 1];
    const position = previous === undefined ? 'before' : 'after';
    const targetId = previous ?? order.find((other) => other !== id);
    if (targetId === undefined) return;
    order.splice(order.indexOf(id), 1);
    order.splice(order.indexOf(targetId) + (position === 'after' ? 1 : 0), 0, id);
    moves.push({ id, position, targetId });
  });
  return moves;
}

/** One parent's children as the build left them. */
export interface SiblingGroup {
  readonly parentId: string;
  /** The children's ids in nav order. */
  readonly wanted: readonly string[];
  /** Those created in this build, in the order they were created. */
  readonly created: readonly string[];
  /** Whether one of them was moved below this parent by an update in this build. */
  readonly reparented: boolean;
}

/** What ordering needs. */
export interface SiblingOrderContext {
  readonly api: WikiApi;
  readonly remote: RemoteSite;
  /** Waits until a page created in this build is visible (Confluence Cloud is eventually consistent). */
  readonly visible: (id: string) => Promise<boolean>;
}

async function currentOrder(group: SiblingGroup, context: SiblingOrderContext): Promise<string[]> {
  const wanted = new Set(group.wanted);
  const listed = group.reparented ? undefined : context.remote.listedChildren(group.parentId);
  if (listed) {
    const existing = listed.map((page) => page.id).filter((id) => wanted.has(id));
    return [...existing, ...group.created.filter((id) => !existing.includes(id))];
  }
  const children = await context.api.listChildren(group.parentId);
  return children.map((page) => page.id).filter((id) => wanted.has(id));
}

/**
 * Puts one parent's children in nav order; returns the moves made.
 *
 * @throws the wiki's error when reading the children or a move fails (the caller reports it)
 */
export async function orderSiblings(group: SiblingGroup, context: SiblingOrderContext): Promise<number> {
  if (group.wanted.length < 2) return 0;
  const createdInOrder =
    group.created.length === group.wanted.length && group.created.every((id, i) => id === group.wanted[i]);
  if (createdInOrder) return 0;
  const current = await currentOrder(group, context);
  // A page the wiki does not list yet (eventual consistency) is left where it is.
  const wanted = group.wanted.filter((id) => current.includes(id));
  const moves = siblingMoves(current, wanted);
  for (const move of moves) {
    for (const id of [move.id, move.targetId]) {
      if (!(await context.visible(id)))
        throw new Error(`page ${id}, created in this build, is not visible yet`);
    }
    await context.api.movePage(move.id, move.position, move.targetId);
  }
  return moves.length;
}
