/**
 * Why a request was denied, in words: the policies are asked again, without raising, the two
 * questions that tell the cases apart — does the location policy permit this user
 * (`<root>.location.permitted`), and which permissions does the user hold on the document the
 * page is about (`checkRelations`) — so the explanation comes from the same rules as the denial
 * and never from a second copy of them.
 */

import { checkPolicy } from '@gatehousejs/core';
import { checkRelations, type HonoAuthzConfig } from '@gatehousejs/hono';
import type { Context } from 'hono';
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
  /** The document the page is about, when the person may read it: named, and linked back to. */
  readonly document?: { readonly id: string; readonly name: string };
}

/** The name of a document the caller may read, else `undefined` (never a name they may not see). */
export type ReadableName = (c: Context, id: number) => Promise<string | undefined>;

/** The permission each document page needs, by path. */
const DOCUMENT_PAGES: readonly (readonly [RegExp, Permission])[] = [
  [/^\/documents\/(\d+)$/, 'can_read'],
  [/^\/documents\/(\d+)\/edit$/, 'can_write'],
  [/^\/documents\/(\d+)\/delete$/, 'can_delete'],
  [/^\/documents\/(\d+)\/shares(?:\/[a-z]+)?$/, 'can_share'],
  [/^\/documents\/(\d+)\/owner$/, 'can_share'],
  [/^\/documents\/(\d+)\/files$/, 'can_read'],
  [/^\/documents\/(\d+)\/(?:history|compare|versions\/\d+)$/, 'can_read'],
  [/^\/documents\/(\d+)\/versions\/\d+\/restore$/, 'can_write'],
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
 * const explanation = await explainDenial(c, authz, 'webapp.GET.documents.__id.edit', readableName);
 */
export async function explainDenial(
  c: Context,
  authz: HonoAuthzConfig,
  policyPath: string | undefined,
  readableName: ReadableName,
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
    const name = await readableName(c, Number(page.id));
    return {
      sentence: `You can read ${name === undefined ? 'this document' : `“${name}”`}, but you may not ${ACTION[page.needed]}.`,
      advice: "If you need to, ask the document's owner.",
      facts: withHoldings,
      ...(name === undefined ? {} : { document: { id: page.id, name } }),
    };
  }
  return {
    sentence: 'Your account is not allowed to open this page or do this.',
    advice: 'If you think you should have access, contact your administrator.',
    facts,
  };
}
