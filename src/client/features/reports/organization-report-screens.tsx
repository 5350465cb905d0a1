// An organization's Reports tab (each client report opened for it, its required uploads and this month's RMM
// imports) and its Report History tab (its exports, and the required uploads still due).
import { Link, useParams } from 'react-router';
import { CLIENT_REPORTS } from '../../../shared/reports';
import { pathFor, type RouteName } from '../../../shared/routes';
import { OrganizationHeader } from '../organizations/organization-header';
import { ImportStatus, RequiredUploads } from './organization-uploads';
import { ReportHistoryList } from './report-history-list';
import { SecurityPackButton } from './security-pack-button';

export function OrganizationReportsPage() {
  const id = useParams().id!;
  return (
    <>
      <OrganizationHeader id={id} title="Reports" />
      <section aria-labelledby="client-reports" className="mb-4">
        <div className="d-flex align-items-center justify-content-between gap-2 mb-2">
          <h2 id="client-reports" className="h6 mb-0">
            Client Reports
          </h2>
          <SecurityPackButton organization={id} />
        </div>
        <ul className="list-unstyled row row-cols-1 row-cols-sm-2 row-cols-lg-4 g-2 mb-0">
          {CLIENT_REPORTS.map((r) => (
            <li key={r.key} className="col">
              <Link
                className="card card-body py-2 px-3 h-100 text-decoration-none"
                to={pathFor(r.route as RouteName, {}, { organization: id })}
              >
                {r.title}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <RequiredUploads organization={id} />
      <ImportStatus organization={id} />
    </>
  );
}

export function OrganizationReportHistoryPage() {
  const id = useParams().id!;
  return (
    <ReportHistoryList
      organization={id}
      heading={<OrganizationHeader id={id} title="Report History" />}
      summary={<RequiredUploads organization={id} openOnly />}
    />
  );
}

export function ReportHistoryPage() {
  return <ReportHistoryList actions={<SecurityPackButton />} />;
}
