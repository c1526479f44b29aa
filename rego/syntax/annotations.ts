/**
 * METADATA annotations: a comment block opened by `# METADATA` holds YAML describing the package
 * or rule that starts on the line right after it (scope, title, description, authors,
 * organizations, related resources, schemas, custom data, entrypoint). Values are normalized as
 * OPA reports them (`"Jane <j@x.y>"` becomes `{name, email}`, a resource URL `{ref}`).
 */

import { RegoError } from '../errors.ts';
import { fromJson, type PlainObject, type Value } from '../value/index.ts';
import { parse } from '../yaml-library.ts';

/** One annotation block: the line of the statement it describes and its normalized fields. */
export interface AnnotationBlock {
  /** Line of the statement right after the block. */
  readonly targetLine: number;
  /** Fields as written (normalized), without a default scope. */
  readonly fields: PlainObject;
}

const COMMENT = /^\s*#(.*)$/;
const OPENER = /^\s*#\s*METADATA\s*$/;

function author(a: unknown): Value {
  if (typeof a !== 'string') return fromJson(a);
  const m = /^(.*?)\s*<([^<>]*)>\s*$/.exec(a.trim());
  if (!m) return { name: a.trim() };
  const name = (m[1] as string).trim();
  return name === '' ? { email: m[2] as string } : { name, email: m[2] as string };
}

function normalize(raw: Record<string, unknown>): PlainObject {
  const out: Record<string, Value> = {};
  for (const [key, v] of Object.entries(raw)) {
    switch (key) {
      case 'authors':
        out.authors = (Array.isArray(v) ? v : [v]).map(author);
        break;
      case 'related_resources':
        out.related_resources = (Array.isArray(v) ? v : [v]).map((r) =>
          typeof r === 'string' ? { ref: r } : fromJson(r),
        );
        break;
      case 'entrypoint':
        if (v === true) out.entrypoint = true;
        break;
      case 'scope':
      case 'title':
      case 'description':
      case 'organizations':
      case 'schemas':
      case 'custom':
        out[key] = fromJson(v);
        break;
      default:
        // OPA ignores keys it does not know
        break;
    }
  }
  return out;
}

/** The METADATA blocks of a module's source. Throws `rego_parse_error` on invalid YAML. */
export function annotationBlocks(source: string, file: string): AnnotationBlock[] {
  const lines = source.split('\n');
  const blocks: AnnotationBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!OPENER.test(lines[i] as string)) continue;
    const where = { file, line: i + 1, column: 1 };
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const m = COMMENT.exec(lines[j] as string);
      if (!m) break;
      body.push((m[1] as string).replace(/^ /, ''));
    }
    let raw: unknown;
    try {
      raw = parse(body.join('\n'));
    } catch (e) {
      throw new RegoError(
        'rego_parse_error',
        `invalid annotation: ${(e as Error).message.split('\n')[0]}`,
        where,
      );
    }
    const fields =
      raw && typeof raw === 'object' && !Array.isArray(raw) ? normalize(raw as Record<string, unknown>) : {};
    blocks.push({ targetLine: j + 1, fields });
    i = j - 1;
  }
  return blocks;
}

/** The fields with their scope: as written, else `package` for a package, `rule` (or `document` for an entrypoint) for a rule. */
export function scoped(fields: PlainObject, target: 'package' | 'rule'): PlainObject {
  if (typeof fields.scope === 'string') return fields;
  const scope = target === 'package' ? 'package' : fields.entrypoint === true ? 'document' : 'rule';
  return { ...fields, scope };
}
