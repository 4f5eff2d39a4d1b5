import type { LeafChange, SnapshotChange, WordPart } from '../../shared/admin/revisions';
import { formatDateTime } from './format';

export type PageRef = { id: number; title: string };
export type RevisionRow = {
  id: number;
  title: string;
  createdAt: string;
  user: string | null;
  isLive: boolean;
  isLatest: boolean;
  scheduledFor: string | null;
};
function Heading({ kicker, page }: { kicker: string; page: PageRef }) {
  return (
    <div className="admin-heading">
      <div>
        <p className="admin-muted admin-heading__kicker">{kicker}</p>
        <h1>{page.title}</h1>
      </div>
      <a className="admin-button admin-button--secondary" href={`/wagtail/pages/${page.id}/edit/`}>
        Back to editing
      </a>
    </div>
  );
}

/** A changed text with only its changed words marked (<ins>/<del>), the rest as it reads. */
function WordChanges({ words }: { words: WordPart[] }) {
  return (
    <span className="admin-diff__words">
      {words.map((part, index) =>
        part.change === 'added' ? (
          <ins key={index}>{part.text}</ins>
        ) : part.change === 'removed' ? (
          <del key={index}>{part.text}</del>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </span>
  );
}

function ChangeLines({ changes }: { changes: LeafChange[] }) {
  return (
    <dl className="admin-diff">
      {changes.map((change) => (
        <div key={change.path} className="admin-diff__row">
          {change.path ? <dt>{change.label ?? change.path}</dt> : null}
          <dd>
            {change.words ? (
              <WordChanges words={change.words} />
            ) : (
              <>
                {change.before ? <del>{change.before}</del> : null}
                {change.after ? <ins>{change.after}</ins> : null}
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const CHANGE_WORDS = { added: 'Added', removed: 'Removed', changed: 'Changed', moved: 'Moved' } as const;

// Added and removed text carry no aria-label: screen readers announce <ins>/<del> themselves where supported,
// and the surrounding words give the context.
/** /wagtail/pages/{id}/revisions/compare/{a}...{b}/: only what changed, field by field, block by block. */
export function CompareScreen({
  page,
  fromLabel,
  toLabel,
  changes,
}: {
  page: PageRef;
  fromLabel: string;
  toLabel: string;
  changes: SnapshotChange[];
}) {
  return (
    <>
      <Heading kicker="Compare" page={page} />
      <p>{`Changes from ${fromLabel} to ${toLabel}.`}</p>
      <p>
        <a href={`/wagtail/pages/${page.id}/history/`}>History</a>
      </p>
      {changes.length === 0 ? <p className="admin-empty">There are no differences.</p> : null}
      {changes.map((change) =>
        change.kind === 'field' ? (
          <section key={`f-${change.field}`} className="admin-panel admin-diff-item" data-change="field">
            <h2>{change.label ?? change.field}</h2>
            <ChangeLines changes={change.changes} />
          </section>
        ) : (
          <section
            key={`b-${change.field}-${change.blockId}-${change.change}`}
            className="admin-panel admin-diff-item"
            data-change={change.change}
          >
            <h2>{`${CHANGE_WORDS[change.change]} block: ${change.blockLabel ?? change.blockType} (${change.label ?? change.field}, position ${change.position + 1})`}</h2>
            {change.changes.length ? <ChangeLines changes={change.changes} /> : null}
          </section>
        ),
      )}
    </>
  );
}

/** /wagtail/pages/{id}/revisions/{rid}/view/: one revision's content, read-only. */
export function RevisionViewScreen({
  page,
  revision,
  fields,
}: {
  page: PageRef;
  revision: RevisionRow;
  fields: Array<{ path: string; value: string }>;
}) {
  return (
    <>
      <Heading
        kicker={`Revision of ${formatDateTime(revision.createdAt)}${revision.user ? ` by ${revision.user}` : ''}`}
        page={page}
      />
      <p>
        <a href={`/wagtail/pages/${page.id}/revisions/compare/${revision.id}...live/`}>Compare with live</a>
      </p>
      <dl className="admin-diff">
        {fields.map((field) => (
          <div key={field.path} className="admin-diff__row">
            <dt>{field.path}</dt>
            <dd>{field.value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
