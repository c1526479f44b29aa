/**
 * The page layout: a skip link, the header with the site name and the account navigation
 * (signed-in user, the groups and trash the policies let them open, and sign-out; or sign-in), the
 * main landmark with the notice region
 * (`aria-live`), and the footer.
 */
import type { Child } from 'hono/jsx';
import { assetUrl } from '../assets.ts';
import type { PageFrame } from '../page-frame.ts';
import { signInPath } from '../page-paths.ts';

/** Props of {@link Layout}. */
export interface LayoutProps {
  readonly frame: PageFrame;
  /** The page's own title (the site name is appended). */
  readonly title: string;
  readonly children?: Child;
}

/** The whole HTML document around a page's content. */
export function Layout({ frame, title, children }: LayoutProps) {
  const { user } = frame;
  const links = frame.links ?? { home: true, groups: true, trash: true };
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} – Gatehouse`}</title>
        <link rel="stylesheet" href={assetUrl('app.css')} />
        <link rel="icon" href={assetUrl('icon.svg')} type="image/svg+xml" />
      </head>
      <body>
        <a class="skip-link" href="#main">
          Skip to content
        </a>
        <header class="site-header">
          <div class="bar">
            {links.home ? (
              <a class="brand" href="/">
                Gatehouse
              </a>
            ) : (
              <span class="brand">Gatehouse</span>
            )}
            <nav aria-label="Account">
              <ul>
                {user ? (
                  <>
                    <li class="who">
                      Signed in as <strong>{user.name}</strong>
                    </li>
                    {links.groups ? (
                      <li>
                        <a href="/groups">Groups</a>
                      </li>
                    ) : null}
                    {links.trash ? (
                      <li>
                        <a href="/trash">Trash</a>
                      </li>
                    ) : null}
                    <li>
                      <a href="/logout">Sign out</a>
                    </li>
                  </>
                ) : (
                  <li>
                    <a href={signInPath(frame.here)}>Sign in</a>
                  </li>
                )}
              </ul>
            </nav>
          </div>
        </header>
        <main id="main" tabindex={-1}>
          <div role="status" aria-live="polite" aria-atomic="true">
            {frame.notice ? <p class="notice">{frame.notice}</p> : null}
          </div>
          {children}
        </main>
        <footer class="site-footer">
          <p>Gatehouse documents. Every page and action is authorized by policy.</p>
        </footer>
      </body>
    </html>
  );
}
