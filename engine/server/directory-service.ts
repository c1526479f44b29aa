/**
 * The directory v3 reader and writer (`aserto.directory.reader.v3.Reader`,
 * `aserto.directory.writer.v3.Writer`) over core's `RelationDirectory`: relation checks, relation
 * reads (paged) and object/relation writes. Object reads and graph queries have no port behind
 * them and answer Unimplemented.
 */
import {
  CheckPermissionRequestSchema,
  CheckRelationRequestSchema,
  CheckRequestSchema,
  GetRelationRequestSchema,
  GetRelationsRequestSchema,
  type Reader,
} from '@aserto/node-directory/src/gen/cjs/aserto/directory/reader/v3/reader_pb.js';
import {
  DeleteObjectRequestSchema,
  DeleteRelationRequestSchema,
  SetObjectRequestSchema,
  SetRelationRequestSchema,
  type Writer,
} from '@aserto/node-directory/src/gen/cjs/aserto/directory/writer/v3/writer_pb.js';
import type { ServiceImpl } from '@connectrpc/connect';
import type { Clock, RelationDirectory } from '../../core/index.ts';
import {
  directoryObjectOf,
  filterOf,
  relationOf,
  type WireRelationFields,
  wireObjectOf,
  wireRelationOf,
} from './directory-relations.ts';
import { requestValidator } from './request-validation.ts';
import { topazError, topazErrors, toTopazError } from './topaz-errors.ts';

const defaultPageSize = 100;

/** Runs `work`, reporting its failure as Topaz's directory reports it. */
async function directoryCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toTopazError(error, 'directory');
  }
}

function pageStart(token: string): number {
  if (token === '') return 0;
  const offset = Number(Buffer.from(token, 'base64url').toString('utf8'));
  if (!Number.isSafeInteger(offset) || offset < 0) {
    throw topazError(topazErrors.directoryInvalidArgument, { msg: 'invalid argument pagination cursor' });
  }
  return offset;
}

/**
 * Creates the reader service over `directory`.
 *
 * @example
 * router.service(Reader, createReaderService(directory));
 */
export function createReaderService(directory: RelationDirectory): Partial<ServiceImpl<typeof Reader>> {
  const validateCheck = requestValidator(CheckRequestSchema);
  const validateCheckPermission = requestValidator(CheckPermissionRequestSchema);
  const validateCheckRelation = requestValidator(CheckRelationRequestSchema);
  const validateGetRelation = requestValidator(GetRelationRequestSchema);
  const validateGetRelations = requestValidator(GetRelationsRequestSchema);

  const check = async (fields: Omit<WireRelationFields, 'subjectRelation'>) => {
    const { objectType, objectId, relation, subjectType, subjectId } = fields;
    const allowed = await directoryCall(() =>
      directory.check({ objectType, objectId, relation, subjectType, subjectId }),
    );
    return { check: allowed, trace: [] };
  };

  return {
    async check(req) {
      validateCheck(req);
      return check(req);
    },
    async checkPermission(req) {
      validateCheckPermission(req);
      return check({ ...req, relation: req.permission });
    },
    async checkRelation(req) {
      validateCheckRelation(req);
      return check(req);
    },
    async getRelation(req) {
      validateGetRelation(req);
      const [found] = await directoryCall(() => directory.getRelations(filterOf(req)));
      if (!found) throw topazError(topazErrors.relationNotFound);
      return { result: wireRelationOf(found), objects: {} };
    },
    async getRelations(req) {
      validateGetRelations(req);
      const all = await directoryCall(() => directory.getRelations(filterOf(req)));
      const matching = req.withEmptySubjectRelation ? all.filter((r) => !r.subjectRelation) : all;
      const start = pageStart(req.page?.token ?? '');
      const size = req.page?.size || defaultPageSize;
      const end = start + size;
      return {
        results: matching.slice(start, end).map((r) => wireRelationOf(r)),
        objects: {},
        page: { nextToken: end < matching.length ? Buffer.from(String(end)).toString('base64url') : '' },
      };
    },
  };
}

/**
 * Creates the writer service over `directory`; written items are stamped with `clock`'s time.
 *
 * @example
 * router.service(Writer, createWriterService(directory, systemClock));
 */
export function createWriterService(
  directory: RelationDirectory,
  clock: Clock,
): Partial<ServiceImpl<typeof Writer>> {
  const validateSetObject = requestValidator(SetObjectRequestSchema);
  const validateDeleteObject = requestValidator(DeleteObjectRequestSchema);
  const validateSetRelation = requestValidator(SetRelationRequestSchema);
  const validateDeleteRelation = requestValidator(DeleteRelationRequestSchema);
  return {
    async setObject(req) {
      validateSetObject(req);
      const object = directoryObjectOf(req.object!);
      await directoryCall(() => directory.setObject(object));
      return { result: wireObjectOf(object, new Date(clock.now())) };
    },
    async deleteObject(req) {
      validateDeleteObject(req);
      await directoryCall(() => directory.deleteObject(req.objectType, req.objectId));
      return { result: {} };
    },
    async setRelation(req) {
      validateSetRelation(req);
      const relation = relationOf(req.relation!);
      await directoryCall(() => directory.setRelation(relation));
      return { result: wireRelationOf(relation, new Date(clock.now())) };
    },
    async deleteRelation(req) {
      validateDeleteRelation(req);
      await directoryCall(() => directory.deleteRelation(relationOf(req)));
      return { result: {} };
    },
  };
}
