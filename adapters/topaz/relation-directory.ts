/**
 * `createTopazRelationDirectory`: core's `RelationDirectory` port over Topaz's directory v3
 * reader and writer gRPC APIs (port 9292), with the same pooling, deadlines and failure
 * classification as the decision service.
 */
import { Reader } from '@aserto/node-directory/src/gen/cjs/aserto/directory/reader/v3/reader_pb.js';
import { Writer } from '@aserto/node-directory/src/gen/cjs/aserto/directory/writer/v3/writer_pb.js';
import type { JsonObject } from '@bufbuild/protobuf';
import type {
  DecisionServiceError,
  DirectoryObject,
  Relation,
  RelationCheck,
  RelationDirectory,
  RelationFilter,
} from '@gatehousejs/core';
import { createPooledCalls } from './pooled-calls.ts';
import { openChannel, type TopazChannel } from './topaz-channel.ts';
import { TopazDirectoryError } from './topaz-directory-error.ts';
import {
  parseTopazOptions,
  type TopazDirectoryOptions,
  TopazDirectoryOptionsSchema,
} from './topaz-options.ts';

/** The Topaz relation directory: the port, plus `close`. */
export interface TopazRelationDirectory extends RelationDirectory {
  /** Closes the pooled connections (an owned pool; a shared pool keeps its other users). */
  close(): Promise<void>;
}

type DirectoryChannel = TopazChannel<{ reader: typeof Reader; writer: typeof Writer }>;

/** Topaz's largest page of relations. */
const pageSize = 100;

function relationFrom(wire: Relation): Relation {
  const { objectType, objectId, relation, subjectType, subjectId, subjectRelation } = wire;
  return subjectRelation
    ? { objectType, objectId, relation, subjectType, subjectId, subjectRelation }
    : { objectType, objectId, relation, subjectType, subjectId };
}

/**
 * Creates the Topaz relation directory. Every call has the `timeoutMs` deadline; failures reject
 * with a {@link TopazDirectoryError} whose `transient` tells a retry apart from a bad request.
 *
 * @param options - as for the decision service, without the policy instance; `url` is the
 *   directory's address (Topaz: port 9292)
 * @throws {AuthzConfigError} naming the field when an option is invalid or `caFile` is unreadable
 * @example
 * const directory = createTopazRelationDirectory({ url: 'localhost:9292', caFile: '/certs/topaz-ca.crt' });
 * await directory.setRelation({ objectType: 'document', objectId: '42', relation: 'owner', subjectType: 'user', subjectId: 'alice' });
 */
export function createTopazRelationDirectory(options: TopazDirectoryOptions): TopazRelationDirectory {
  const config = parseTopazOptions(TopazDirectoryOptionsSchema, options);
  const calls = createPooledCalls<DirectoryChannel>({
    pool: config.pool,
    timeoutMs: config.timeoutMs,
    open: () => openChannel(config, { reader: Reader, writer: Writer }),
    closeChannel: (channel) => channel.close(),
  });
  const run = async <T>(operation: string, task: Parameters<typeof calls.run<T>>[1]): Promise<T> => {
    try {
      return await calls.run(operation, task);
    } catch (error) {
      throw TopazDirectoryError.from(error as DecisionServiceError);
    }
  };

  return {
    async setObject(object: DirectoryObject) {
      await run(`SetObject ${object.type}:${object.id}`, (channel, callOptions) =>
        channel.clients.writer.setObject(
          {
            object: {
              type: object.type,
              id: object.id,
              displayName: object.displayName ?? '',
              properties: (object.properties ?? {}) as JsonObject,
            },
          },
          callOptions,
        ),
      );
    },

    async deleteObject(type: string, id: string) {
      await run(`DeleteObject ${type}:${id}`, (channel, callOptions) =>
        channel.clients.writer.deleteObject(
          { objectType: type, objectId: id, withRelations: true },
          callOptions,
        ),
      );
    },

    async setRelation(relation: Relation) {
      await run(
        `SetRelation ${relation.objectType}:${relation.objectId}#${relation.relation}`,
        (channel, callOptions) =>
          channel.clients.writer.setRelation(
            { relation: { ...relation, subjectRelation: relation.subjectRelation ?? '' } },
            callOptions,
          ),
      );
    },

    async deleteRelation(relation: Relation) {
      await run(
        `DeleteRelation ${relation.objectType}:${relation.objectId}#${relation.relation}`,
        (channel, callOptions) =>
          channel.clients.writer.deleteRelation(
            { ...relation, subjectRelation: relation.subjectRelation ?? '' },
            callOptions,
          ),
      );
    },

    async getRelations(filter: RelationFilter) {
      const relations: Relation[] = [];
      let token = '';
      do {
        const page = await run('GetRelations', (channel, callOptions) =>
          channel.clients.reader.getRelations({ ...filter, page: { size: pageSize, token } }, callOptions),
        );
        relations.push(...page.results.map(relationFrom));
        token = page.page?.nextToken ?? '';
      } while (token !== '');
      return relations;
    },

    async check(check: RelationCheck) {
      const response = await run(
        `Check ${check.objectType}:${check.objectId}#${check.relation}`,
        (channel, callOptions) => channel.clients.reader.check({ ...check }, callOptions),
      );
      return response.check;
    },

    close: () => calls.close(),
  };
}
