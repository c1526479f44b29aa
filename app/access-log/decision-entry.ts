/**
 * Which authorization decisions are about a document, and what the access log keeps of them:
 * relationship checks on a document (`can_read` of document 7), and route decisions of a path that
 * names one (`GET /api/documents/7`, `/documents/7/edit`, `/api/shares/7/…`, `/api/trash/7/…`).
 */
import type { AuditRecord } from '@gatehousejs/core';
import type { AccessLogEntry } from '../db/index.ts';

const DOCUMENT_PATH = /^\/(?:api\/)?(?:documents|shares|trash)\/([1-9]\d{0,9})(?:\/|$)/;
const MAX_ID = 2_147_483_647;

const DECIDED_BY: Record<AuditRecord['source'], string> = {
  service: 'the decision service',
  cache: 'a cached decision',
  fallback: 'the fallback (decision service unavailable)',
  none: 'no one (the request could not be put to the decision service)',
};

/** `/^[1-9]\d{0,9}$/` by hand: every row of a list is asked, and a loop costs less than a regex. */
function isRowIdText(text: string): boolean {
  const length = text.length;
  if (length === 0 || length > 10) return false;
  const first = text.charCodeAt(0);
  if (first < 49 || first > 57) return false;
  for (let i = 1; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

function documentId(record: AuditRecord): number | undefined {
  const raw =
    record.objectType === 'document'
      ? record.objectId
      : record.objectType === undefined
        ? DOCUMENT_PATH.exec(record.path ?? '')?.[1]
        : undefined;
  if (raw === undefined || !isRowIdText(raw)) return undefined;
  const id = Number(raw);
  return id <= MAX_ID ? id : undefined;
}

// The decisions of one list share their time, policy and source: the time is parsed and the reason
// written once for a run of them (entries are never changed once made).
let lastTime = '';
let lastDate = new Date(Number.NaN);
let lastReasonOf: AuditRecord | undefined;
let lastReason = '';

function decidedAt(time: string): Date {
  if (time !== lastTime) {
    lastDate = new Date(time);
    lastTime = time;
  }
  return lastDate;
}

function reason(record: AuditRecord): string {
  const last = lastReasonOf;
  if (
    last === undefined ||
    last.policyPath !== record.policyPath ||
    last.decision !== record.decision ||
    last.source !== record.source ||
    last.error !== record.error
  ) {
    const error = record.error === undefined ? '' : `: ${record.error}`;
    lastReason = `${record.policyPath}.${record.decision}, decided by ${DECIDED_BY[record.source]}${error}`;
    lastReasonOf = record;
  }
  return lastReason;
}

/**
 * The access log entry of `record`, or `undefined` when the decision is about no document.
 *
 * @example
 * const entry = documentEntry(record); // { documentId: 7, action: 'can_read', allowed: true, … }
 */
export function documentEntry(record: AuditRecord): AccessLogEntry | undefined {
  const id = documentId(record);
  if (id === undefined) return undefined;
  const action =
    record.objectType === 'document'
      ? (record.relation ?? record.decision)
      : `${record.method ?? ''} ${record.path ?? ''}`.trim();
  return {
    documentId: id,
    userId: record.identityType === 'IDENTITY_TYPE_SUB' ? (record.identityValue ?? null) : null,
    action,
    allowed: record.outcome === 'allow',
    reason: reason(record),
    method: record.method ?? null,
    path: record.path ?? null,
    decidedAt: decidedAt(record.time),
  };
}
