/**
 * An open session with the wiki, as the configuration phase leaves it for the upload phase.
 */
import type { ConfluenceClient } from './confluence-client.ts';
import type { WikiTransport } from './wiki-transport.ts';

/** An open session with the wiki: the client, the space and the page the site goes under. */
export interface WikiSession {
  readonly client: ConfluenceClient;
  readonly transport: WikiTransport;
  readonly space: string;
  readonly root: { readonly id: string; readonly title: string };
}
