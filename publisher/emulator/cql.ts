/**
 * The small part of CQL the emulator understands: `field = value` clauses joined by `and`, for the
 * fields `ancestor`, `parent`, `type`, `space` and `title`. Anything else is a 400, like a query
 * Confluence cannot parse.
 */
import { EmulatorError } from './emulator-error.ts';

/** A parsed query: the required value of each field. */
export type CqlQuery = Readonly<Partial<Record<'ancestor' | 'parent' | 'type' | 'space' | 'title', string>>>;

const CLAUSE = /^\s*(ancestor|parent|type|space|title)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s"]+))\s*$/i;

/** Parses a CQL query the emulator supports. */
export function parseCql(cql: string): CqlQuery {
  const query: Record<string, string> = {};
  for (const clause of cql.split(/\s+and\s+/i)) {
    const match = CLAUSE.exec(clause);
    if (!match) throw new EmulatorError(400, `Could not parse cql : ${cql}`);
    query[(match[1] ?? '').toLowerCase()] =
      match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : (match[3] ?? '');
  }
  return query;
}
