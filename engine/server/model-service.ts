/**
 * The directory model service (`aserto.directory.model.v3.Model`) over a {@link ManifestStore}:
 * `GetManifest` streams the metadata, then the manifest body in chunks of at most 64 KiB;
 * `SetManifest` reassembles the body chunks it receives.
 */
import {
  BodySchema,
  type Model,
} from '@aserto/node-directory/src/gen/cjs/aserto/directory/model/v3/model_pb.js';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { ServiceImpl } from '@connectrpc/connect';
import type { ManifestStore } from './capabilities.ts';
import { requestValidator } from './request-validation.ts';
import { toTopazError } from './topaz-errors.ts';

/** Largest body chunk the model API carries (`Body.data` is limited to 65,536 bytes). */
const chunkSize = 65_536;

/**
 * Creates the model service over `store`.
 *
 * @example
 * router.service(Model, createModelService(manifestStore));
 */
export function createModelService(store: ManifestStore): Partial<ServiceImpl<typeof Model>> {
  const validateBody = requestValidator(BodySchema);
  return {
    async *getManifest() {
      let manifest: Awaited<ReturnType<ManifestStore['getManifest']>>;
      try {
        manifest = await store.getManifest();
      } catch (error) {
        throw toTopazError(error, 'directory');
      }
      if (!manifest) {
        yield { msg: { case: 'metadata', value: { etag: '' } } };
        return;
      }
      yield {
        msg: {
          case: 'metadata',
          value: { etag: manifest.etag, updatedAt: timestampFromDate(manifest.updatedAt) },
        },
      };
      const bytes = new TextEncoder().encode(manifest.body);
      for (let offset = 0; offset < bytes.length; offset += chunkSize) {
        yield { msg: { case: 'body', value: { data: bytes.subarray(offset, offset + chunkSize) } } };
      }
    },

    async setManifest(requests) {
      const chunks: Uint8Array[] = [];
      for await (const request of requests) {
        if (request.msg.case !== 'body') continue;
        validateBody(request.msg.value);
        chunks.push(request.msg.value.data);
      }
      const body = new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
      try {
        await store.setManifest(body);
      } catch (error) {
        throw toTopazError(error, 'directory');
      }
      return { result: {} };
    },

    async deleteManifest() {
      try {
        await store.deleteManifest();
      } catch (error) {
        throw toTopazError(error, 'directory');
      }
      return { result: {} };
    },
  };
}
