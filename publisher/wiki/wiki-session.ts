/**
 * An open session with the wiki, as the configuration phase leaves it for the upload phase.
 */
import type { ApiChoice } from './api-detection.ts';
import type { WikiApi } from './wiki-api.ts';
import type { WikiTransport } from './wiki-transport.ts';

/** An open session with the wiki: the port, the API chosen, the space and the page the site goes under. */
export interface WikiSession {
  readonly api: WikiApi;
  readonly apiChoice: ApiChoice;
  readonly transport: WikiTransport;
  readonly space: string;
  readonly root: { readonly id: string; readonly title: string };
}
