/**
 * Why a request was denied, in words: the policies are asked again, without raising, the two
 * questions that tell the cases apart — does the location policy permit this user
 * (`<root>.location.permitted`), and which permissions does the user hold on the document the
 * page is about (`checkRelations`) — so the explanation comes from the same rules as the denial
 * and never from a second copy of them.
 */
import type { Context } from 'hono';
import { checkRelations, type HonoAuthzConfig } from '../../adapters/hono/index.ts';
import { checkPolicy } from '../../core/index.ts';
import { PERMISSIONS, type Permission } from '../services/index.ts';

/** One line of a decision's explanation. */
export interface DecisionFact {
  readonly term: string;
  readonly detail: string;
}

/** Why access was denied. */
export interface DenialExplanation {
  /** What happened, in one sentence. */
  readonly sentence: string;
  /** What the person can do about it. */
  readonly advice: string;
  /** The decision path: the policy that denied and the checks behind it. */
  readonly facts: readonly DecisionFact[];
}

/** The permission each document page needs, by path. */
const DOCUMENT_PAGES: readonly (readonly [RegExp, Permission])[] = [
  [/^\/documents\/(\d+)$/, 'can_read'],
  [/^\/documents\/(\d+)\/edit$/, 'can_write'],
  [/^\/documents\/(\d+)\/delete$/, 'can_delete'],
  [/^\/documents\/(\d+)\/shares(?:\/[a-z]+)?$/, 'can_share'],
];

const ACTION: Record<Permission, string> = {
  can_read: 'read it',
  can_write: 'edit it',
  can_share: 'manage who has access to it',
  can_delete: 'delete it',
};

function documentPage(path: string): { id: string; needed: Permission } | undefined {
  for (const [pattern, needed] of DOCUMENT_PAGES) {
    const id = pattern.exec(path)?.[1];
    if (id) return { id, needed };
  }
  return undefined;
}

async function locationPermitted(c: Context, authz: HonoAuthzConfig): Promise<boolean | undefined> {
  try {
    const info = { method: c.req.method, path: c.req.path };
    return (await checkPolicy(authz, c, `${authz.policyPathRoot}.location`, info, 'permitted')).allowed;
  } catch {
    return undefined;
  }
}

/**
 * The explanation of a denial of the request `c` by `policyPath` (when known).
 *
 * @example
 * const explanation = await explainDenial(c, authz, 'webapp.GET.documents.__id.edit');
 */
export async function explainDenial(
  c: Context,
  authz: HonoAuthzConfig,
  policyPath: string | undefined,
): Promise<DenialExplanation> {
  const facts: DecisionFact[] = policyPath ? [{ term: 'Denied by policy', detail: policyPath }] : [];
  const location = await locationPermitted(c, authz);
  if (location === false) {
    return {
      sentence: 'Gatehouse does not allow access to documents from the place you are signed in from.',
      advice:
        'This applies to every document, your own included. If your location was identified wrongly, contact your administrator.',
      facts: [
        ...facts,
        { term: 'Location rule', detail: `${authz.policyPathRoot}.location.permitted = false` },
      ],
    };
  }
  const page = documentPage(c.req.path);
  if (page) {
    const held = await checkRelations(c, 'document', page.id, PERMISSIONS, authz);
    const holdings = PERMISSIONS.map((p) => `${p} = ${held[p] === true}`).join(', ');
    const withHoldings = [...facts, { term: `Your permissions on document ${page.id}`, detail: holdings }];
    if (held[page.needed]) {
      // Held by now: the relation changed between the denial and this question.
      return { sentence: 'You did not have access a moment ago.', advice: 'Try again.', facts: withHoldings };
    }
    if (!held.can_read) {
      return {
        sentence: 'This document has not been shared with you.',
        advice: 'If you need it, ask its owner to share it with you.',
        facts: withHoldings,
      };
    }
    return {
      sentence: `You can read this document, but you may not ${ACTION[page.needed]}.`,
      advice: "If you need to, ask the document's owner.",
      facts: withHoldings,
    };
  }
  return {
    sentence: 'Your account is not allowed to open this page or do this.',
    advice: 'If you think you should have access, contact your administrator.',
    facts,
  };
}
