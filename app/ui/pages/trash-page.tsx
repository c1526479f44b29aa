/**
 * The trash: the user's deleted documents, newest id last, each with when it was deleted and when
 * it goes for good, a button to restore it and a link to delete it for good now (after a
 * confirmation).
 */
import type { TrashedDocument } from '../../db/index.ts';
import { purgeDate, TRASH_RETENTION_DAYS } from '../../services/index.ts';
import { DateTime } from '../components/date-time.tsx';
import { PostForm } from '../components/form-fields.tsx';
import { Layout } from '../components/layout.tsx';
import type { PageFrame } from '../page-frame.ts';

/** Props of {@link TrashPage}. */
export interface TrashPageProps {
  readonly frame: PageFrame;
  readonly items: readonly TrashedDocument[];
  /** The `after` of the next page, `null` on the last. */
  readonly nextAfterId: number | null;
  /** Whether this is a later page (a link back to the first is offered). */
  readonly later: boolean;
}

const DAY = 86_400_000;

/** "in 29 days" / "tomorrow" / "today": when the document is deleted for good. */
function purgeInWords(trashedAt: Date, now: Date): string {
  const days = Math.ceil((purgeDate(trashedAt).getTime() - now.getTime()) / DAY);
  if (days <= 0) return 'today';
  return days === 1 ? 'tomorrow' : `in ${days} days`;
}

function TrashRow({ frame, item, now }: { frame: PageFrame; item: TrashedDocument; now: Date }) {
  const base = `/trash/${item.id}`;
  return (
    <li>
      <span class="item-name">{item.name}</span>
      <p class="meta">
        Deleted <DateTime date={item.trashedAt} now={now} /> · deleted for good{' '}
        {purgeInWords(item.trashedAt, now)}
      </p>
      <ul class="actions">
        <li>
          <PostForm action={`${base}/restore`} token={frame.formToken}>
            <button type="submit" class="secondary">
              Restore<span class="visually-hidden"> {item.name}</span>
            </button>
          </PostForm>
        </li>
        <li>
          <a class="button danger" href={`${base}/delete`}>
            Delete forever<span class="visually-hidden"> {item.name}</span>
          </a>
        </li>
      </ul>
    </li>
  );
}

/** The trash page. */
export function TrashPage({ frame, items, nextAfterId, later }: TrashPageProps) {
  const now = new Date();
  return (
    <Layout frame={frame} title="Trash">
      <p>
        <a href="/">← Your documents</a>
      </p>
      <h1>Trash</h1>
      <p class="lead">
        Documents you deleted stay here for {TRASH_RETENTION_DAYS} days. Restore one to bring it back where it
        was, with its shares and history; after {TRASH_RETENTION_DAYS} days it is deleted for good.
      </p>
      {items.length === 0 ? (
        <p class="empty">{later ? 'No more documents here.' : 'The trash is empty.'}</p>
      ) : (
        <ul class="item-list trash">
          {items.map((item) => (
            <TrashRow frame={frame} item={item} now={now} />
          ))}
        </ul>
      )}
      {later || nextAfterId !== null ? (
        <nav aria-label="Pages of the trash">
          <ul class="actions">
            {later ? (
              <li>
                <a href="/trash">First page</a>
              </li>
            ) : null}
            {nextAfterId !== null ? (
              <li>
                <a href={`/trash?after=${nextAfterId}`}>Next page</a>
              </li>
            ) : null}
          </ul>
        </nav>
      ) : null}
    </Layout>
  );
}
