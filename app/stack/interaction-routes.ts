/**
 * The development provider's interactions: the login form (checked against the development
 * accounts) and consent, which is granted automatically for the one registered first-party
 * client and denied for any other.
 */
import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type Provider from 'oidc-provider';
import type { DevAccounts } from './dev-accounts.ts';
import { renderLoginPage, renderMessagePage } from './login-page.ts';

type InteractionEnv = { Bindings: HttpBindings };

const EXPIRED = 'This sign-in request has expired or was already used. Start again from the application.';
const MAX_FIELD_LENGTH = 1024;

/** What the interaction routes need. */
export interface InteractionRoutesOptions {
  readonly provider: Provider;
  readonly accounts: DevAccounts;
  /** The first-party client whose consent is implied. */
  readonly clientId: string;
  readonly clientName: string;
}

async function loadInteraction(c: Context<InteractionEnv>, provider: Provider) {
  try {
    const details = await provider.interactionDetails(c.env.incoming, c.env.outgoing);
    return details.uid === c.req.param('uid') ? details : undefined;
  } catch {
    // SessionNotFound and friends: no (or a stale) interaction cookie.
    return undefined;
  }
}

/**
 * Hono routes under `/interaction/:uid`, served beside the provider on the same origin.
 *
 * @example
 * const routes = createInteractionRoutes({ provider, accounts, clientId: 'gatehouse-app', clientName: 'Gatehouse' });
 */
export function createInteractionRoutes(options: InteractionRoutesOptions): Hono<InteractionEnv> {
  const { provider, accounts, clientId, clientName } = options;
  const app = new Hono<InteractionEnv>();

  app.get('/interaction/:uid', async (c) => {
    const details = await loadInteraction(c, provider);
    if (!details) return c.html(renderMessagePage('Sign-in expired', EXPIRED), 400);
    if (details.prompt.name === 'login') {
      return c.html(renderLoginPage({ action: `/interaction/${details.uid}/login`, clientName }));
    }
    if (details.prompt.name === 'consent' && details.params.client_id === clientId && details.session) {
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId: details.session.accountId, clientId });
      if (!grant) return c.html(renderMessagePage('Sign-in expired', EXPIRED), 400);
      const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope);
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      const grantId = await grant.save();
      return c.redirect(
        await provider.interactionResult(c.env.incoming, c.env.outgoing, { consent: { grantId } }),
        303,
      );
    }
    const denied = { error: 'access_denied', error_description: 'This client may not sign users in here' };
    return c.redirect(await provider.interactionResult(c.env.incoming, c.env.outgoing, denied), 303);
  });

  app.post('/interaction/:uid/login', async (c) => {
    const details = await loadInteraction(c, provider);
    if (details?.prompt.name !== 'login') {
      return c.html(renderMessagePage('Sign-in expired', EXPIRED), 400);
    }
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const username = typeof form.username === 'string' ? form.username.slice(0, MAX_FIELD_LENGTH) : '';
    const password = typeof form.password === 'string' ? form.password.slice(0, MAX_FIELD_LENGTH) : '';
    const user = accounts.verify(username, password);
    if (!user) {
      const page = renderLoginPage({
        action: `/interaction/${details.uid}/login`,
        clientName,
        error: 'Invalid username or password.',
        username,
      });
      return c.html(page, 401);
    }
    const result = { login: { accountId: user.sub } };
    return c.redirect(await provider.interactionResult(c.env.incoming, c.env.outgoing, result), 303);
  });

  app.notFound((c) => c.html(renderMessagePage('Not found', 'There is nothing at this address.'), 404));
  return app;
}
