/**
 * The access log of a document for its owner: decisions newest first (who, what, allowed or
 * denied, when, why), filtered by outcome and person, with a link to older entries.
 */
import type { Document, StoredAccessLogEntry } from '../../db/index.ts';
import { DateTime } from '../components/date-time.tsx';
import { Layout } from '../components/layout.tsx';
import type { PageFrame } from '../page-frame.ts';

/** Props of {@link AccessLogPage}. */
export interface AccessLogPageProps {
  readonly frame: PageFrame;
  readonly document: Document;
  readonly entries: readonly StoredAccessLogEntry[];
  readonly outcome: '' | 'allowed' | 'denied';
  readonly email: string;
  /** The link to older entries; absent on the last page. */
  readonly older?: string;
  readonly error?: string;
}

/** The access log page. */
export function AccessLogPage({
  frame,
  document,
  entries,
  outcome,
  email,
  older,
  error,
}: AccessLogPageProps) {
  const title = `Access log: ${document.name}`;
  return (
    <Layout frame={frame} title={error ? `Error: ${title}` : title}>
      <h1>{title}</h1>
      <form method="get" action={`/documents/${document.id}/access-log`} class="filters">
        <div class="field">
          <label for="outcome">Outcome</label>
          <select id="outcome" name="outcome">
            <option value="" selected={outcome === ''}>
              All
            </option>
            <option value="allowed" selected={outcome === 'allowed'}>
              Allowed
            </option>
            <option value="denied" selected={outcome === 'denied'}>
              Denied
            </option>
          </select>
        </div>
        <div class="field">
          <label for="email">Person (e-mail address)</label>
          {error ? (
            <p class="error-message" id="email-error">
              {error}
            </p>
          ) : null}
          <input
            id="email"
            name="email"
            type="email"
            value={email}
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={error ? 'email-error' : undefined}
          />
        </div>
        <button type="submit">Filter</button>
      </form>
      {entries.length === 0 ? (
        <p class="empty">No decisions recorded for this filter.</p>
      ) : (
        <section class="table-wrap" aria-label="Access log entries" tabindex={0}>
          <table>
            <caption class="visually-hidden">Decisions about {document.name}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Outcome</th>
                <th scope="col">Why</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr>
                  <td>
                    <DateTime date={entry.decidedAt} />
                  </td>
                  <td>{entry.email ?? entry.userId ?? 'Anonymous'}</td>
                  <td>{entry.action}</td>
                  <td>{entry.allowed ? 'Allowed' : 'Denied'}</td>
                  <td>{entry.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <ul class="actions">
        {older ? (
          <li>
            <a href={older}>Older entries</a>
          </li>
        ) : null}
        <li>
          <a href={`/documents/${document.id}/access`}>Who has access</a>
        </li>
        <li>
          <a href={`/documents/${document.id}`}>Back to the document</a>
        </li>
      </ul>
    </Layout>
  );
}
