/**
 * `GET /signed-out`: where sign-out ends (policy `webapp.GET.signed_out`).
 */
import { pageFrame, renderPage } from '../page-frame.ts';
import { SignedOutPage } from '../pages/signed-out-page.tsx';
import type { PageApp, PageRouteDeps } from './page-route-deps.ts';

/**
 * Registers the signed-out page. `/logout` sends `?provider=kept` when only the local session
 * ended (single logout off, or the provider unreachable).
 *
 * @example
 * registerSignOutRoutes(app, deps);
 */
export function registerSignOutRoutes(app: PageApp, deps: PageRouteDeps): void {
  app.get('/signed-out', (c) =>
    renderPage(
      c,
      <SignedOutPage
        frame={pageFrame(c, deps.tokens)}
        providerSessionEnded={c.req.query('provider') !== 'kept'}
      />,
    ),
  );
}
