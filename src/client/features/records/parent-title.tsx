// The title block of a screen below a record (an agreement's services, an opportunity's proposals): the screen's
// name, then the record's "number · title" linking to its basics, its organization, and a status badge.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { pathFor } from '../../../shared/routes';
import type { Option } from '../../../shared/schemas/common';

export function ParentTitle({
  title,
  record,
  basicsPath,
  badge,
}: {
  title: string;
  /** Undefined while loading. */
  record: { number: string; title: string; organization: Option | null } | undefined;
  basicsPath: string;
  badge?: ReactNode;
}) {
  return (
    <div className="sd-page-head">
      <div>
        <h1 className="h4 mb-0">{title}</h1>
        <div className="text-body-secondary small">
          <Link to={basicsPath}>{record ? `${record.number} · ${record.title}` : '…'}</Link>
          {record?.organization ? (
            <>
              {' · '}
              <Link to={pathFor('organization_basics', { id: record.organization.value })}>
                {record.organization.label}
              </Link>
            </>
          ) : null}
          {badge}
        </div>
      </div>
    </div>
  );
}
