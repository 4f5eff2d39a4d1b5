/** The reports index (/wagtail/reports/): each report with what it shows. */
export function ReportsIndexScreen({
  reports,
}: {
  reports: ReadonlyArray<{ title: string; intro: string; href: string }>;
}) {
  return (
    <>
      <div className="admin-heading">
        <h1>Reports</h1>
      </div>
      <ul className="admin-report-list">
        {reports.map((report) => (
          <li key={report.href}>
            <h2>
              <a href={report.href}>{report.title}</a>
            </h2>
            <p className="admin-muted">{report.intro}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
