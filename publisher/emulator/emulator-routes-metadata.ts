/**
 * The REST API v1 routes of the emulated Confluence for a page's metadata: its labels (listed; added
 * in the main routes) and its content properties (read, created, updated with version + 1).
 */
import { labelJson, propertyJson } from './content-json.ts';
import { EmulatorError } from './emulator-error.ts';
import type { Handler } from './emulator-routes.ts';
import { jsonBody, paged } from './request-parts.ts';

/** The metadata routes, as `[method, path pattern, handler]`. */
export const METADATA_ROUTES: ReadonlyArray<readonly [method: string, pattern: RegExp, handler: Handler]> = [
  [
    'GET',
    /^\/rest\/api\/content\/(\d+)\/label$/,
    ({ state, request, settings, params }) => {
      const page = state.page(params[0] ?? '');
      return paged(page.labels.map(labelJson), request, settings);
    },
  ],
  [
    'GET',
    /^\/rest\/api\/content\/(\d+)\/property\/([^/]+)$/,
    ({ state, params }) => {
      const property = state.page(params[0] ?? '').properties.get(decodeURIComponent(params[1] ?? ''));
      if (!property) throw new EmulatorError(404, `Cannot find property ${params[1]} on ${params[0]}`);
      return propertyJson(property);
    },
  ],
  [
    'POST',
    /^\/rest\/api\/content\/(\d+)\/property$/,
    ({ state, request, params }) => {
      const body = jsonBody(request.body);
      if (typeof body.key !== 'string') throw new EmulatorError(400, 'A property needs a key');
      return propertyJson(state.setProperty(params[0] ?? '', body.key, body.value));
    },
  ],
  [
    'PUT',
    /^\/rest\/api\/content\/(\d+)\/property\/([^/]+)$/,
    ({ state, request, params }) => {
      const body = jsonBody(request.body);
      const version = (body.version as { number?: unknown } | undefined)?.number;
      if (typeof version !== 'number') throw new EmulatorError(400, 'Version number is required');
      return propertyJson(
        state.setProperty(params[0] ?? '', decodeURIComponent(params[1] ?? ''), body.value, version),
      );
    },
  ],
];
