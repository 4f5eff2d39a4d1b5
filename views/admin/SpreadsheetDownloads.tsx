/** Where a list's rows download as spreadsheets; absent when the viewer may not export them. */
export type ExportHrefs = { csv: string; xlsx: string };

/** The "Download CSV" and "Download XLSX" buttons of a list's heading (nothing without hrefs). */
export function SpreadsheetDownloads({ hrefs }: { hrefs?: ExportHrefs }) {
  if (!hrefs) return null;
  return (
    <>
      <a className="admin-button" href={hrefs.csv}>
        Download CSV
      </a>
      <a className="admin-button" href={hrefs.xlsx}>
        Download XLSX
      </a>
    </>
  );
}
