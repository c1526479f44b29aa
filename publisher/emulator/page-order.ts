/**
 * Sibling order in the emulated Confluence, as Confluence keeps it: every page has a position
 * among its siblings (a new page goes last), the children listing follows it, and
 * `PUT /rest/api/content/{id}/move/{before|after|append}/{targetId}` moves a page before or
 * after a target (under the target's parent) or last below the target.
 */
import { EmulatorError } from './emulator-error.ts';
import type { EmulatedPage, EmulatorState } from './emulator-state.ts';

/** Where a move puts the page relative to its target. */
export type MovePosition = 'before' | 'after' | 'append';

const POSITIONS: readonly string[] = ['before', 'after', 'append'];

/** The pages below a parent (top-level pages of a space for `undefined`) in their order. */
export function childrenInOrder(
  state: EmulatorState,
  parentId: string | undefined,
  spaceKey?: string,
): EmulatedPage[] {
  return [...state.pages.values()]
    .filter((page) => page.parentId === parentId && (spaceKey === undefined || page.spaceKey === spaceKey))
    .sort((a, b) => a.position - b.position || Number(a.id) - Number(b.id));
}

/** The position after the last child of a parent. */
export function nextPosition(state: EmulatorState, parentId: string | undefined): number {
  let last = -1;
  for (const page of state.pages.values())
    if (page.parentId === parentId) last = Math.max(last, page.position);
  return last + 1;
}

/**
 * Moves a page as Confluence's move endpoint does; siblings are renumbered in their new order.
 *
 * @throws {EmulatorError} 400 for an unknown position, a move relative to itself or below its own
 *   subtree, or across spaces; 403 for a restricted page; 404 for an unknown page or target
 */
export function movePage(state: EmulatorState, id: string, position: string, targetId: string): EmulatedPage {
  if (!POSITIONS.includes(position))
    throw new EmulatorError(400, `position must be one of before, after, append: ${position}`);
  const page = state.page(id);
  const target = state.page(targetId);
  if (page.restricted) throw new EmulatorError(403, `Not permitted to move content with id ${id}`);
  if (page.id === target.id) throw new EmulatorError(400, 'A page cannot be moved relative to itself');
  if (page.spaceKey !== target.spaceKey)
    throw new EmulatorError(400, 'The target page must be in the same space as the page');
  if (target.id === page.id || state.ancestors(target).some((ancestor) => ancestor.id === page.id))
    throw new EmulatorError(400, 'A page cannot be moved below itself');
  const parentId = position === 'append' ? target.id : target.parentId;
  const siblings = childrenInOrder(state, parentId, page.spaceKey).filter(
    (sibling) => sibling.id !== page.id,
  );
  const at =
    position === 'append' ? siblings.length : siblings.indexOf(target) + (position === 'after' ? 1 : 0);
  siblings.splice(at, 0, page);
  page.parentId = parentId;
  siblings.forEach((sibling, index) => {
    sibling.position = index;
  });
  return page;
}
