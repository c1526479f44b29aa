/**
 * Directory contents for local evaluation (`eval --relations`, `serve --relations`): objects and
 * relations in Topaz's import shape, JSON or YAML —
 * `{ objects: [{ type, id, display_name?, properties? }], relations: [{ object_type, object_id,
 * relation, subject_type, subject_id, subject_relation? }] }`, or just the array of relations.
 */
import { readFile } from 'node:fs/promises';
import type { RelationStore } from '@gatehousejs/engine';
import { parseDocument } from 'yaml';
import { z } from 'zod';
import { AuthzToolError } from './errors.ts';

const id = z.string().min(1);

const objectSchema = z.object({
  type: id,
  id,
  display_name: z.string().optional(),
  properties: z.record(z.string(), z.unknown()).optional(),
});

const relationSchema = z.object({
  object_type: id,
  object_id: id,
  relation: id,
  subject_type: id,
  subject_id: id,
  subject_relation: z.string().optional(),
});

const contentsSchema = z.union([
  z.array(relationSchema).transform((relations) => ({ objects: [], relations })),
  z.strictObject({
    objects: z.array(objectSchema).default([]),
    relations: z.array(relationSchema).default([]),
  }),
]);

/** The parsed contents of a relations file. */
export type DirectoryContents = z.output<typeof contentsSchema>;

function fail(file: string, detail: string, cause?: unknown): AuthzToolError {
  return new AuthzToolError(
    'input_invalid',
    `${file}: ${detail}`,
    cause === undefined ? undefined : { cause },
  );
}

/**
 * Reads and checks a relations file.
 *
 * @param name how the file is named in errors (default: `file`)
 * @throws {AuthzToolError} `file_access` when unreadable; `input_invalid` naming the line (syntax)
 *   or the entry (`relations[2].object_id: …`)
 * @example
 * const contents = await readRelationsFile('fixtures/relations.yaml');
 */
export async function readRelationsFile(file: string, name = file): Promise<DirectoryContents> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new AuthzToolError('file_access', `cannot read ${name}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const document = parseDocument(text);
  const syntax = document.errors[0];
  if (syntax) {
    const where = syntax.linePos?.[0];
    const at = where ? `:${where.line}:${where.col}` : '';
    const reason = (syntax.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '');
    throw fail(`${name}${at}`, `not valid YAML or JSON: ${reason}`, syntax);
  }
  const result = contentsSchema.safeParse(document.toJS() ?? {});
  if (!result.success) {
    // The union reports its branches; the object branch's issues are the useful ones.
    const issue = result.error.issues[0];
    const branch =
      issue?.code === 'invalid_union' ? (issue.errors[1]?.[0] ?? issue.errors[0]?.[0] ?? issue) : issue;
    const where =
      branch?.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('') ?? '';
    const field = where.replace(/^\./, '');
    throw fail(name, `${field ? `${field}: ` : ''}${branch?.message ?? 'invalid'}`, result.error);
  }
  return result.data;
}

/**
 * Writes objects, then relations, into `store` (which checks them against its manifest).
 *
 * @param file the file they came from, for messages
 * @throws {AuthzToolError} `input_invalid` naming the entry the store refused and why
 */
export async function loadDirectoryContents(
  store: RelationStore,
  contents: DirectoryContents,
  file: string,
): Promise<void> {
  for (const [i, o] of contents.objects.entries()) {
    try {
      await store.setObject({
        type: o.type,
        id: o.id,
        displayName: o.display_name,
        properties: o.properties,
      });
    } catch (error) {
      throw fail(file, `objects[${i}] (${o.type}:${o.id}): ${(error as Error).message}`, error);
    }
  }
  for (const [i, r] of contents.relations.entries()) {
    try {
      await store.setRelation({
        objectType: r.object_type,
        objectId: r.object_id,
        relation: r.relation,
        subjectType: r.subject_type,
        subjectId: r.subject_id,
        ...(r.subject_relation ? { subjectRelation: r.subject_relation } : {}),
      });
    } catch (error) {
      const name = `${r.object_type}:${r.object_id}#${r.relation}@${r.subject_type}:${r.subject_id}`;
      throw fail(file, `relations[${i}] (${name}): ${(error as Error).message}`, error);
    }
  }
}
