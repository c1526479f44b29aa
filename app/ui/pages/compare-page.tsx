/**
 * Two versions of a document compared (`/documents/{id}/compare?from=&to=`): which version against
 * which (a GET form with two lists), who saved each and when, a changed name, and the texts side by
 * side with the changed lines marked.
 */
import type { Document, DocumentVersion, DocumentVersionSummary } from '../../db/index.ts';
import { DateTime } from '../components/date-time.tsx';
import { Layout } from '../components/layout.tsx';
import { TextComparisonTable } from '../components/text-comparison.tsx';
import type { PageFrame } from '../page-frame.ts';
import type { TextComparison } from '../text-diff.ts';

/** Props of {@link ComparePage}. */
export interface ComparePageProps {
  readonly frame: PageFrame;
  readonly document: Document;
  readonly versions: readonly DocumentVersionSummary[];
  readonly from: DocumentVersion;
  readonly to: DocumentVersion;
  readonly comparison: TextComparison;
}

function VersionChoice(props: {
  readonly name: 'from' | 'to';
  readonly label: string;
  readonly versions: readonly DocumentVersionSummary[];
  readonly chosen: number;
}) {
  return (
    <div class="field">
      <label for={props.name}>{props.label}</label>
      <select id={props.name} name={props.name}>
        {props.versions.map((v) => (
          <option value={String(v.version)} selected={v.version === props.chosen}>
            {`Version ${v.version} — ${v.changedByName}`}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Who saved a version when, in a sentence. */
function Saved({ version }: { readonly version: DocumentVersion }) {
  return (
    <>
      {`Version ${version.version}, ${version.version === 1 ? 'created' : 'saved'} by ${version.changedByName} `}
      <DateTime date={version.changedAt} />
    </>
  );
}

/** The comparison page. */
export function ComparePage({ frame, document, versions, from, to, comparison }: ComparePageProps) {
  const base = `/documents/${document.id}`;
  const title = `Changes to ${document.name}: version ${from.version} → ${to.version}`;
  return (
    <Layout frame={frame} title={title}>
      <p>
        <a href={`${base}/history`}>← Back to the history</a>
      </p>
      <h1>{title}</h1>
      <form method="get" action={`${base}/compare`} class="compare-form">
        <VersionChoice name="from" label="Compare" versions={versions} chosen={from.version} />
        <VersionChoice name="to" label="with" versions={versions} chosen={to.version} />
        <button type="submit" class="secondary">
          Compare
        </button>
      </form>
      <ul class="compare-sides">
        <li>
          From: <Saved version={from} />
        </li>
        <li>
          To: <Saved version={to} />
        </li>
      </ul>
      {from.name === to.name ? null : (
        <p>
          Renamed from <del>{from.name}</del> to <ins>{to.name}</ins>.
        </p>
      )}
      <TextComparisonTable
        comparison={comparison}
        left={from.content}
        right={to.content}
        leftLabel={`Version ${from.version}`}
        rightLabel={`Version ${to.version}`}
        caption={`The text of version ${from.version} beside version ${to.version}; changed lines are marked`}
      />
    </Layout>
  );
}
