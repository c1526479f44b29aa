/**
 * `createTopazRelationDirectory`: core's `RelationDirectory` and `RelationGraph` ports over
 * Topaz's directory v3 reader and writer gRPC APIs (port 9292; graph searches are `GetGraph`),
 * with the same pooling, deadlines and failure classification as the decision service.
 */
import { Model } from '@aserto/node-directory/src/gen/cjs/aserto/directory/model/v3/model_pb.js';
import { Reader } from '@aserto/node-directory/src/gen/cjs/aserto/directory/reader/v3/reader_pb.js';
import { Writer } from '@aserto/node-directory/src/gen/cjs/aserto/directory/writer/v3/writer_pb.js';
import type { JsonObject } from '@bufbuild/protobuf';
import type {
  DecisionServiceError,
  DirectoryObject,
  GraphSearchOptions,
  GraphSubject,
  ObjectSearch,
  Relation,
  RelationCheck,
  RelationDirectory,
  RelationFilter,
  RelationGraph,
  SubjectSearch,
} from '@gatehousejs/core';
import { explainedPaths } from './graph-explanation.ts';
import { createPooledCalls } from './pooled-calls.ts';
import { openChannel, type TopazChannel } from './topaz-channel.ts';
import { TopazDirectoryError } from './topaz-directory-error.ts';
import {
  parseTopazOptions,
  type TopazDirectoryOptions,
  TopazDirectoryOptionsSchema,
} from './topaz-options.ts';

/**
 * The Topaz relation directory: the ports, plus `close`. Subject searches explain with Topaz's
 * own paths, which leave out an arrow's base relation (see graph-explanation.ts).
 */
export interface TopazRelationDirectory extends RelationDirectory, RelationGraph {
  /**
   * The directory's manifest as Topaz holds it (model API `GetManifest`): its YAML text, `''` when
   * none was set.
   */
  readManifest(): Promise<string>;
  /** Closes the pooled connections (an owned pool; a shared pool keeps its other users). */
  close(): Promise<void>;
}

type DirectoryChannel = TopazChannel<{ reader: typeof Reader; writer: typeof Writer; model: typeof Model }>;

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

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
    open: () => openChannel(config, { reader: Reader, writer: Writer, model: Model }),
    closeChannel: (channel) => channel.close(),
  });
  const run = async <T>(
    operation: string,
    task: Parameters<typeof calls.run<T>>[1],
    signal?: AbortSignal,
  ): Promise<T> => {
    try {
      return await calls.run(operation, task, signal);
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

    async findObjects(search: ObjectSearch, options?: GraphSearchOptions) {
      const response = await run(
        `GetGraph ${search.objectType}#${search.relation}@${search.subjectType}:${search.subjectId}`,
        (channel, callOptions) =>
          channel.clients.reader.getGraph(
            {
              objectType: search.objectType,
              relation: search.relation,
              subjectType: search.subjectType,
              subjectId: search.subjectId,
            },
            callOptions,
          ),
        options?.signal,
      );
      const ids = new Set<string>();
      for (const result of response.results)
        if (result.objectType === search.objectType) ids.add(result.objectId);
      return [...ids].sort(byCodeUnits);
    },

    async findSubjects(search: SubjectSearch, options?: GraphSearchOptions) {
      const subjectRelation = search.subjectRelation ?? '';
      const response = await run(
        `GetGraph ${search.objectType}:${search.objectId}#${search.relation}@${search.subjectType}`,
        (channel, callOptions) =>
          channel.clients.reader.getGraph(
            {
              objectType: search.objectType,
              objectId: search.objectId,
              relation: search.relation,
              subjectType: search.subjectType,
              subjectRelation,
              explain: true,
            },
            callOptions,
          ),
        options?.signal,
      );
      const ids = new Set<string>();
      for (const result of response.results)
        if (result.objectType === search.subjectType) ids.add(result.objectId);
      return [...ids].sort(byCodeUnits).map(
        (id): GraphSubject => ({
          type: search.subjectType,
          id,
          ...(subjectRelation ? { relation: subjectRelation } : {}),
          paths: explainedPaths(response.explanation, search.subjectType, id),
        }),
      );
    },

    async readManifest() {
      return run('GetManifest', async (channel, callOptions) => {
        const parts: Uint8Array[] = [];
        for await (const response of channel.clients.model.getManifest({}, callOptions)) {
          if (response.msg.case === 'body') parts.push(response.msg.value.data);
        }
        return Buffer.concat(parts).toString('utf8');
      });
    },

    close: () => calls.close(),
  };
}
