/**
 * The history of a document: every saved version, newest first, with who saved it and when, each
 * a link to the version as it was and to what it changed (compared with the version before it).
 */
import type { Document, DocumentVersionSummary } from '../../db/index.ts';
import { DateTime } from '../components/date-time.tsx';
import { Layout } from '../components/layout.tsx';
import type { PageFrame } from '../page-frame.ts';

/** Props of {@link HistoryPage}. */
export interface HistoryPageProps {
  readonly frame: PageFrame;
  readonly document: Document;
  readonly versions: readonly DocumentVersionSummary[];
}

/** The history page. */
export function HistoryPage({ frame, document, versions }: HistoryPageProps) {
  const base = `/documents/${document.id}`;
  const title = `History of ${document.name}`;
  return (
    <Layout frame={frame} title={title}>
      <p>
        <a href={base}>← Back to {document.name}</a>
      </p>
      <h1>{title}</h1>
      <ol class="item-list versions" reversed>
        {versions.map((v, i) => (
          <li>
            <a href={`${base}/versions/${v.version}`}>{`Version ${v.version}`}</a>
            {i === 0 ? <span class="badge">Current</span> : null}
            {v.version > 1 ? (
              <>
                {' '}
                <a href={`${base}/compare?from=${v.version - 1}&to=${v.version}`}>
                  Changes<span class="visually-hidden">{` in version ${v.version}`}</span>
                </a>
              </>
            ) : null}
            <p class="meta">
              {v.version === 1 ? 'Created' : 'Saved'} by {v.changedByName} <DateTime date={v.changedAt} />
              {v.name !== document.name ? <> · named “{v.name}”</> : null}
            </p>
          </li>
        ))}
      </ol>
    </Layout>
  );
}
