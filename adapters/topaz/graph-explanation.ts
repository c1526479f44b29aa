/**
 * Topaz's `GetGraph` explanation read back as the port's chains of relations. Topaz (0.33.16)
 * explains a subject search as a Struct mapping `type:id` to a list of paths, each path a list
 * of relations written `objectType:objectId#relation@subjectType:subjectId[#subjectRelation]`.
 * Its paths leave out the base relation of an arrow (`document:7#parent@folder:3` before
 * `folder:3#owner@user:ann`), so the port's chains from Topaz start where the arrow lands; the
 * relation that names the subject is always there.
 */
import type { JsonObject, JsonValue } from '@bufbuild/protobuf';
import type { Relation } from '@gatehousejs/core';

const NAME = '[A-Za-z][A-Za-z0-9._-]*';
const relationBeforeAt = new RegExp(`#(${NAME})$`);
const typeAfterAt = new RegExp(`^(${NAME}):`);
const trailingSubjectRelation = new RegExp(`#(${NAME})$`);

/**
 * Parses one relation as Topaz writes it; `undefined` when the text is not one. Type and
 * relation names are identifiers, so the `#relation@type:` in the middle is found even when an
 * id holds `@`; an id that itself ends in `#identifier` would be read as a subject relation.
 */
export function parseRelationText(text: string): Relation | undefined {
  const colon = text.indexOf(':');
  if (colon <= 0) return undefined;
  const objectType = text.slice(0, colon);
  for (let at = text.indexOf('@', colon); at !== -1; at = text.indexOf('@', at + 1)) {
    const head = text.slice(colon + 1, at);
    const tail = text.slice(at + 1);
    const relation = relationBeforeAt.exec(head);
    const subjectType = typeAfterAt.exec(tail);
    if (!relation?.[1] || !subjectType?.[1]) continue;
    const objectId = head.slice(0, head.length - relation[0].length);
    let subjectId = tail.slice(subjectType[0].length);
    const subjectRelation = trailingSubjectRelation.exec(subjectId);
    if (subjectRelation?.[1]) subjectId = subjectId.slice(0, subjectId.length - subjectRelation[0].length);
    const r = { objectType, objectId, relation: relation[1], subjectType: subjectType[1], subjectId };
    return subjectRelation?.[1] ? { ...r, subjectRelation: subjectRelation[1] } : r;
  }
  return undefined;
}

function pathOf(value: JsonValue): Relation[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const path: Relation[] = [];
  for (const step of value) {
    const relation = typeof step === 'string' ? parseRelationText(step) : undefined;
    if (!relation) return undefined;
    path.push(relation);
  }
  return path.length > 0 ? path : undefined;
}

/** The chains Topaz gave for `type:id` (paths it wrote in a form not understood are left out). */
export function explainedPaths(explanation: JsonObject | undefined, type: string, id: string): Relation[][] {
  const paths = explanation?.[`${type}:${id}`];
  if (!Array.isArray(paths)) return [];
  const chains: Relation[][] = [];
  for (const value of paths) {
    const path = pathOf(value);
    if (path) chains.push(path);
  }
  return chains.sort((a, b) => a.length - b.length);
}
