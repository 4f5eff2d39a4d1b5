import type { ReactNode } from 'react';

export type Column<Row> = { header: string; cell(row: Row, index: number): ReactNode; className?: string };

/** A listing screen's heading with its 'Add ...' button (users, groups, sites...). */
export function ListingHeading({ title, addHref, addLabel }: { title: string; addHref: string; addLabel: string }) {
  return (
    <div className="admin-heading">
      <h1>{title}</h1>
      <a className="admin-button admin-button--primary" href={addHref}>
        {addLabel}
      </a>
    </div>
  );
}

/** The admin's listing table: a caption for screen readers, one header per column, and a line when empty. */
export function ListingTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
}: {
  caption: string;
  columns: Array<Column<Row>>;
  rows: Row[];
  rowKey(row: Row): string | number;
  empty?: string;
}) {
  // Nothing to list: the message alone (an empty table's headers could still be wider than a phone,
  // a scrolling region with nothing in it to reach by keyboard).
  if (rows.length === 0 && empty) return <p className="admin-empty">{empty}</p>;
  return (
    <>
      <div className="admin-table-scroll">
        <table className="admin-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.header} className={column.className}>
                    {column.cell(row, index)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
