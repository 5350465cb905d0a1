// The title block of a screen below a record (an agreement's services, an opportunity's proposals): the screen's
// name, then the record's "number · title" linking to its basics, its organization, and a status badge. A child
// record's own screens (an amendment, a proposal) keep their title and show the parent as a line under it.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { pathFor } from '../../../shared/routes';
import type { Option } from '../../../shared/schemas/common';

type ParentProps = {
  /** Undefined while loading. */
  record: { number: string; title: string; organization: Option | null } | undefined;
  basicsPath: string;
  badge?: ReactNode;
};

/** "number · title" (linked to the record's basics) · organization (linked), then the badge. */
export function ParentLine({ record, basicsPath, badge }: ParentProps) {
  return (
    <>
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
    </>
  );
}

export function ParentTitle({ title, ...parent }: ParentProps & { title: string }) {
  return (
    <div className="sd-page-head">
      <div>
        <h1 className="h4 mb-0">{title}</h1>
        <div className="text-body-secondary small">
          <ParentLine {...parent} />
        </div>
      </div>
    </div>
  );
}

/** Under a child record's own title: which record it belongs to ("Agreement AG-1 · Title · Organization"). */
export function ParentOf({ kind, ...parent }: ParentProps & { kind: string }) {
  return (
    <p className="small text-body-secondary mb-2" data-testid="parent-record">
      {kind} <ParentLine {...parent} />
    </p>
  );
}
