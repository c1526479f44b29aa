/**
 * Which REST API to speak: the `api_version` setting, or with `auto` a probe — `GET
 * /api/v2/spaces?limit=1` below the base address answers on Confluence Cloud (REST v2) and is 404
 * on Data Center and Server (REST v1 only). The decision and its reason are printed at the start of
 * every build.
 */
import { ConfluenceV1Api } from './confluence-v1-api.ts';
import { ConfluenceV2Api } from './confluence-v2-api.ts';
import type { ApiVersion, WikiApi } from './wiki-api.ts';
import { hasStatus } from './wiki-request-error.ts';
import type { WikiTransport } from './wiki-transport.ts';

/** The `api_version` setting. */
export type ApiVersionSetting = 'auto' | ApiVersion;

/** The API chosen and why. */
export interface ApiChoice {
  readonly version: ApiVersion;
  /** One line for the build's output, e.g. `REST v2 (auto: GET /api/v2/spaces answered 200)`. */
  readonly reason: string;
}

/** The probe `auto` makes. */
export const V2_PROBE = '/api/v2/spaces';

/**
 * Chooses the REST API.
 *
 * @throws the probe's {@link WikiRequestError} for anything but an answer or a 404 (401, 403,
 *   network), which the caller explains
 */
export async function chooseApiVersion(
  transport: WikiTransport,
  setting: ApiVersionSetting,
): Promise<ApiChoice> {
  if (setting !== 'auto') return { version: setting, reason: `REST ${setting} (api_version: ${setting})` };
  try {
    const { status } = await transport.request({ method: 'GET', path: V2_PROBE, query: { limit: 1 } });
    return { version: 'v2', reason: `REST v2 (auto: GET ${V2_PROBE} answered ${status}: Confluence Cloud)` };
  } catch (error) {
    if (!hasStatus(error, 404)) throw error;
    return {
      version: 'v1',
      reason: `REST v1 (auto: GET ${V2_PROBE} answered 404: Confluence Data Center or Server)`,
    };
  }
}

/** The wiki port for a REST API version on a transport. */
export function createWikiApi(transport: WikiTransport, version: ApiVersion): WikiApi {
  const v1 = new ConfluenceV1Api(transport);
  return version === 'v2' ? new ConfluenceV2Api(transport, v1) : v1;
}
