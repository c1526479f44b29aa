/**
 * `PUT /api/documents/{id}/owner` and `PUT /api/folders/{id}/owner`: give a document, or a folder
 * with everything of the owner's inside it, to another user (can_share: the owner). The old owner
 * keeps nothing by the transfer; the new owner may share back.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { TransferResult } from '../services/index.ts';
import { emailField } from '../services/index.ts';
import { errorResponses, idParams, jsonBody, jsonResponse } from './common-wire.ts';
import { PENDING_DESCRIPTION } from './pending-writes.ts';
import { type ApiApp, accessOf, type RouteDeps } from './route-deps.ts';

const security = [{ session: [] }];

/** The body: who becomes the owner. */
const newOwnerSchema = z
  .strictObject({ email: emailField.meta({ description: 'The new owner’s e-mail address' }) })
  .openapi('NewOwner');

/** The answer: the new owner and what changed hands. */
const transferSchema = z
  .object({
    owner: z.object({ id: z.string(), email: z.string(), name: z.string() }),
    documents: z.int().meta({ description: 'Documents that changed hands' }),
    folders: z.int().meta({ description: 'Folders that changed hands' }),
  })
  .openapi('OwnershipTransfer');

const transferErrors = {
  400: 'Invalid e-mail address, or already the owner',
  401: 'Not signed in',
  403: 'Denied: only the owner gives it away',
  404: 'Document, folder or user not found',
  409: 'The new owner already has a folder of this name in the same place',
};

function transferJson(result: TransferResult): z.infer<typeof transferSchema> {
  const { owner } = result;
  return {
    owner: { id: owner.id, email: owner.email, name: owner.name },
    documents: result.documents,
    folders: result.folders,
  };
}

/**
 * Registers the ownership routes on `app`.
 *
 * @example
 * registerOwnershipRoutes(app, { services, authz, exists });
 */
export function registerOwnershipRoutes(app: ApiApp, deps: RouteDeps): void {
  const { ownership } = deps.services;
  for (const type of ['document', 'folder'] as const) {
    const route = createRoute({
      method: 'put',
      path: `/api/${type}s/{id}/owner`,
      tags: [`${type}s`],
      security,
      summary:
        type === 'document'
          ? 'Give a document to another user (can_share: the owner); it leaves a folder the new owner does not own'
          : "Give a folder, with everything of the owner's inside it, to another user (can_share: the owner)",
      description:
        'The old owner keeps nothing by the transfer (only what other grants give, or what the new owner shares back). The new owner’s own share of what changes hands ends.',
      request: { params: idParams, body: jsonBody(newOwnerSchema) },
      responses: {
        200: jsonResponse(transferSchema, 'Given'),
        202: jsonResponse(transferSchema, PENDING_DESCRIPTION),
        ...errorResponses(transferErrors),
      },
    });
    app.openapi(route, async (c) => {
      const result = await ownership.transfer(
        accessOf(deps, c),
        { type, id: c.req.valid('param').id },
        c.req.valid('json').email,
      );
      return c.json(transferJson(result), 200);
    });
  }
}
