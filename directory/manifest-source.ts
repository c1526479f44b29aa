/**
 * Reads the YAML of a manifest v3 into raw definitions that remember where each name and
 * term sits in the source (via the yaml package's LineCounter and node ranges). Structural
 * and syntax problems become issues; semantic checks happen in `manifest-validation.ts`.
 */
import {
  isMap,
  isScalar,
  LineCounter,
  type Node,
  type Pair,
  parseDocument,
  type Scalar,
} from '@gatehousejs/rego/yaml';
import type { ManifestIssue } from './errors.ts';
import { type Located, parsePermissionExpression, parseRelationExpression } from './manifest-expression.ts';
import type { PermissionOperator, PermissionTerm, RelationTerm } from './model.ts';

/** A 1-based position in the manifest source. */
export interface SourcePoint {
  readonly line: number;
  readonly column: number;
}

/** A relation as written, with positions. */
export interface RawRelation {
  readonly name: string;
  readonly at: SourcePoint;
  readonly terms: readonly (RelationTerm & { readonly at: SourcePoint })[];
}

/** A permission as written, with positions. */
export interface RawPermission {
  readonly name: string;
  readonly at: SourcePoint;
  readonly operator: PermissionOperator;
  readonly terms: readonly (PermissionTerm & { readonly at: SourcePoint })[];
}

/** An object type as written, with positions. */
export interface RawType {
  readonly name: string;
  readonly at: SourcePoint;
  readonly relations: RawRelation[];
  readonly permissions: RawPermission[];
}

/** Reports a problem at a position. */
export type ReportIssue = (at: SourcePoint, message: string) => void;

const SUPPORTED_VERSION = 3;

/**
 * Parses manifest YAML into raw types. Problems are passed to `report`; definitions with
 * problems are left out so later checks do not repeat them.
 */
export function readManifestSource(text: string, file: string, issues: ManifestIssue[]): RawType[] {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const point = (offset: number): SourcePoint => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  const report: ReportIssue = (at, message) => issues.push({ file, ...at, message });
  const nodeAt = (node: Node | null | undefined): SourcePoint => point(node?.range?.[0] ?? 0);

  for (const error of doc.errors) {
    const at = error.linePos?.[0];
    report(at ? { line: at.line, column: at.col } : point(error.pos[0]), error.message.split('\n')[0] ?? '');
  }
  if (doc.errors.length > 0) return [];

  const root = doc.contents;
  if (!isMap(root)) {
    report(nodeAt(root), 'a manifest is a mapping with `model` and `types`');
    return [];
  }
  const entries = mapEntries(root.items, report, point, 'manifest', ['model', 'types']);
  checkModelVersion(entries.get('model'), root, report, nodeAt);
  const types = entries.get('types');
  if (!types || types.value === null || types.value === undefined) return [];
  if (!isMap(types.value)) {
    report(nodeAt(types.value as Node), '`types` must be a mapping of type names');
    return [];
  }
  const termAt = (node: Scalar, offset: number): SourcePoint => {
    const [start, end] = node.range ?? [0, 0];
    const raw = text.slice(start, end);
    if (node.type === 'PLAIN' && raw === node.source) return point(start + offset);
    if ((node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE') && raw.slice(1, -1) === node.source) {
      return point(start + 1 + offset);
    }
    return point(start);
  };
  const result: RawType[] = [];
  for (const pair of types.value.items as Pair<Scalar, unknown>[]) {
    const name = String(pair.key?.value ?? '');
    const type: RawType = { name, at: nodeAt(pair.key), relations: [], permissions: [] };
    result.push(type);
    if (
      pair.value === null ||
      pair.value === undefined ||
      (isScalar(pair.value) && pair.value.value === null)
    ) {
      continue;
    }
    if (!isMap(pair.value)) {
      report(
        nodeAt(pair.value as Node),
        `type '${name}' must be a mapping with \`relations\` and \`permissions\``,
      );
      continue;
    }
    const sections = mapEntries(pair.value.items, report, point, `type '${name}'`, [
      'relations',
      'permissions',
    ]);
    for (const [section, definition] of definitions(sections, report, nodeAt, name)) {
      const source = definition.value as Scalar;
      const expression = String(source.value);
      const at = nodeAt(definition.key);
      if (section === 'relations') {
        const parsed = parseRelationExpression(expression);
        if (!parsed.ok) {
          report(
            termAt(source, parsed.offset),
            `relation '${name}:${keyName(definition)}': ${parsed.message}`,
          );
          continue;
        }
        type.relations.push({ name: keyName(definition), at, terms: locate(parsed.terms, source, termAt) });
      } else {
        const parsed = parsePermissionExpression(expression);
        if (!parsed.ok) {
          report(
            termAt(source, parsed.offset),
            `permission '${name}:${keyName(definition)}': ${parsed.message}`,
          );
          continue;
        }
        const terms = locate(parsed.terms, source, termAt);
        type.permissions.push({ name: keyName(definition), at, operator: parsed.operator, terms });
      }
    }
  }
  return result;
}

function keyName(pair: Pair<Scalar, unknown>): string {
  return String(pair.key?.value ?? '');
}

function locate<T>(
  terms: readonly Located<T>[],
  source: Scalar,
  termAt: (node: Scalar, offset: number) => SourcePoint,
): (T & { readonly at: SourcePoint })[] {
  return terms.map(({ offset, ...term }) => ({ ...(term as T), at: termAt(source, offset) }));
}

function mapEntries(
  items: readonly Pair<unknown, unknown>[],
  report: ReportIssue,
  point: (offset: number) => SourcePoint,
  where: string,
  allowed: readonly string[],
): Map<string, Pair<Scalar, unknown>> {
  const found = new Map<string, Pair<Scalar, unknown>>();
  for (const pair of items as Pair<Scalar, unknown>[]) {
    const key = String(pair.key?.value ?? '');
    if (!allowed.includes(key)) {
      const expected = allowed.map((k) => `\`${k}\``).join(' and ');
      report(point(pair.key?.range?.[0] ?? 0), `unknown key '${key}' in ${where} (expected ${expected})`);
      continue;
    }
    found.set(key, pair);
  }
  return found;
}

function checkModelVersion(
  model: Pair<Scalar, unknown> | undefined,
  root: Node,
  report: ReportIssue,
  nodeAt: (node: Node | null | undefined) => SourcePoint,
): void {
  if (!model) {
    report(nodeAt(root), `missing \`model: { version: ${SUPPORTED_VERSION} }\``);
    return;
  }
  const value = model.value;
  const version = isMap(value) ? value.get('version', true) : undefined;
  if (!isScalar(version)) {
    report(nodeAt((value as Node) ?? model.key), `missing \`model.version\` (expected ${SUPPORTED_VERSION})`);
  } else if (Number(version.value) !== SUPPORTED_VERSION) {
    report(
      nodeAt(version),
      `unsupported manifest version ${String(version.value)}; only version ${SUPPORTED_VERSION} is supported`,
    );
  }
}

function* definitions(
  sections: Map<string, Pair<Scalar, unknown>>,
  report: ReportIssue,
  nodeAt: (node: Node | null | undefined) => SourcePoint,
  typeName: string,
): Generator<['relations' | 'permissions', Pair<Scalar, unknown>]> {
  for (const section of ['relations', 'permissions'] as const) {
    const pair = sections.get(section);
    const value = pair?.value;
    if (!pair || value === null || value === undefined || (isScalar(value) && value.value === null)) continue;
    if (!isMap(value)) {
      report(nodeAt(value as Node), `\`${section}\` of type '${typeName}' must be a mapping of names`);
      continue;
    }
    for (const definition of value.items as Pair<Scalar, unknown>[]) {
      const kind = section === 'relations' ? 'relation' : 'permission';
      const source = definition.value;
      const where = `${kind} '${typeName}:${keyName(definition)}'`;
      if (!isScalar(source) || source.value === null || source.value === '') {
        report(nodeAt((source as Node) ?? definition.key), `${where} has no definition`);
      } else if (typeof source.value !== 'string') {
        report(nodeAt(source), `${where} must be a string expression`);
      } else {
        yield [section, definition];
      }
    }
  }
}
