/**
 * The model the object search's graph tests share: users, nested groups, folders and documents,
 * with readers through groups, a public reader (`user:*`) and permissions inherited from the
 * parent folder.
 */
import { parseManifest } from './index.ts';

/** The parsed model. */
export const FOLDER_SHARING_MODEL = parseManifest(
  `model:
  version: 3
types:
  user: {}
  group:
    relations:
      member: user | group#member
  folder:
    relations:
      owner: user
      reader: user | group#member
      parent: folder
    permissions:
      can_read: owner | reader | parent->can_read
      can_write: owner | parent->can_write
  document:
    relations:
      owner: user
      reader: user | user:* | group#member
      parent: folder
    permissions:
      can_read: owner | reader | parent->can_read
      can_write: owner | parent->can_write
      can_delete: owner
`,
  'folder-sharing.yaml',
);
