/** What the inspect screen shows: the row's title, a way back to its list, and its labelled values. */
export type InspectScreenView = {
  title: string;
  backHref: string;
  backLabel: string;
  fields: ReadonlyArray<readonly [label: string, value: string]>;
};

/**
 * A row's read-only detail (Wagtail's InspectView): each value as text under its label, kept with
 * its line breaks, so what a guest typed reads as typed and script stays text.
 */
export function InspectScreen({ view }: { view: InspectScreenView }) {
  return (
    <div className="admin-inspect">
      <h1>{view.title}</h1>
      <p>
        <a href={view.backHref}>{view.backLabel}</a>
      </p>
      <dl className="admin-details">
        {view.fields.map(([label, value], index) => (
          <div key={`${index}-${label}`}>
            <dt>{label}</dt>
            <dd className="admin-pre">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
