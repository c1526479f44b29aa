/**
 * The directory model the application needs: the object types and relations it writes (see
 * `app/directory-sync/`) and the permissions it asks about, checked at start against the model
 * of whichever directory it runs on — the embedded engine's manifest file or the manifest Topaz
 * holds — by one function, so that a directory without them refuses the start instead of
 * answering every signed-in request with a denial.
 */
import type { DirectoryModel } from '@gatehousejs/engine';
import { AuthorizationStartError } from './authorization-error.ts';

/** What the application needs of one object type. */
export interface RequiredObjectType {
  /** Relation → the subjects the application assigns to it (`user`, `user:*`, `group#member`). */
  readonly relations?: Readonly<Record<string, readonly string[]>>;
  /** Permissions the application asks about on objects of this type. */
  readonly permissions?: readonly string[];
}

/** Object type → what the application needs of it. */
export type RequiredDirectoryModel = Readonly<Record<string, RequiredObjectType>>;

const PERMISSIONS = ['can_read', 'can_write', 'can_share', 'can_delete'] as const;
const SHARED_WITH = ['user', 'group#member'] as const;

/**
 * What the application writes and asks: users with the identity Topaz resolves them through,
 * groups with owners and members, folders and documents with owners, shares (a user or a group's
 * members), their folder, and every user as the reader of a public document.
 */
export const APPLICATION_DIRECTORY_MODEL: RequiredDirectoryModel = {
  user: { relations: { identifier: ['identity'] } },
  identity: {},
  group: { relations: { owner: ['user'], member: ['user'] }, permissions: PERMISSIONS },
  folder: {
    relations: { owner: ['user'], writer: SHARED_WITH, reader: SHARED_WITH, parent: ['folder'] },
    permissions: PERMISSIONS,
  },
  document: {
    relations: {
      owner: ['user'],
      writer: SHARED_WITH,
      reader: [...SHARED_WITH, 'user:*'],
      parent: ['folder'],
    },
    permissions: PERMISSIONS,
  },
};

/** A relation's term as the manifest writes it. */
function termText(term: {
  readonly kind: string;
  readonly type: string;
  readonly relation?: string;
}): string {
  if (term.kind === 'wildcard') return `${term.type}:*`;
  if (term.kind === 'subjectSet') return `${term.type}#${term.relation}`;
  return term.type;
}

/**
 * What `model` lacks of `required`, one entry each: `object type group`, `relation
 * document#reader (user:*)`, `permission folder#can_share`. Empty when nothing is missing.
 *
 * @example
 * missingFromModel(parseManifest('model: {version: 3}\ntypes:\n  user: {}\n'), { user: {}, group: {} });
 * // ['object type group']
 */
export function missingFromModel(model: DirectoryModel, required: RequiredDirectoryModel): string[] {
  const missing: string[] = [];
  for (const [typeName, needs] of Object.entries(required)) {
    const type = model.types.get(typeName);
    if (!type) {
      missing.push(`object type ${typeName}`);
      continue;
    }
    for (const [relationName, subjects] of Object.entries(needs.relations ?? {})) {
      const relation = type.relations.get(relationName);
      const admitted = new Set(relation?.terms.map(termText) ?? []);
      const lacking = subjects.filter((subject) => !admitted.has(subject));
      if (!relation) missing.push(`relation ${typeName}#${relationName} (${subjects.join(' | ')})`);
      else if (lacking.length > 0)
        missing.push(`relation ${typeName}#${relationName} (${lacking.join(' | ')})`);
    }
    for (const permission of needs.permissions ?? []) {
      if (!type.permissions.has(permission)) missing.push(`permission ${typeName}#${permission}`);
    }
  }
  return missing;
}

/**
 * Refuses a directory whose model (`undefined`: none at all) lacks what the application needs.
 *
 * @param directory names the directory in the message, e.g. `Topaz's directory at 127.0.0.1:9292`
 * @throws {AuthorizationStartError} `directory_model_incomplete`, one line naming every missing part
 * @example
 * checkDirectoryModel(await loadManifestFile('policies/manifest.yaml'), 'policies/manifest.yaml');
 */
export function checkDirectoryModel(
  model: DirectoryModel | undefined,
  directory: string,
  required: RequiredDirectoryModel = APPLICATION_DIRECTORY_MODEL,
): void {
  if (!model) {
    throw new AuthorizationStartError(
      'directory_model_incomplete',
      `${directory} has no directory model (no manifest set): set the application's policies/manifest.yaml`,
    );
  }
  const missing = missingFromModel(model, required);
  if (missing.length === 0) return;
  throw new AuthorizationStartError(
    'directory_model_incomplete',
    `${directory} lacks what the application writes and asks: ${missing.join(', ')}`,
  );
}
