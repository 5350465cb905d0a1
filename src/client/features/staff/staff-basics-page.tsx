// /admin/staff/:id (numeric or create): loads one staff member, or the defaults of a new one.
import { useQuery } from '@tanstack/react-query';
import { Alert, Spinner } from 'react-bootstrap';
import { Navigate, useParams } from 'react-router';
import { pathFor } from '../../../shared/routes';
import { errorPageStatus } from '../../api/entity';
import { loadStaff, staffKey } from './staff-api';
import { StaffFormCard } from './staff-form';
import { StaffTabs } from './staff-tabs';

export function StaffBasicsPage() {
  const id = useParams().id ?? 'create';
  const creating = id === 'create';
  const staff = useQuery({
    queryKey: staffKey(id),
    queryFn: ({ signal }) => loadStaff(id, signal),
    staleTime: 0,
  });
  const goTo = errorPageStatus(staff.error);
  if (goTo) return <Navigate to={pathFor('error', { statusCode: goTo })} replace />;
  const entity = staff.data?.entity;
  return (
    <>
      <div className="sd-page-head">
        <div>
          <h1 className="h4 mb-0">{creating ? 'New Staff Member' : (entity?.name ?? 'Staff Member')}</h1>
          {entity && !creating ? <div className="text-body-secondary small">{entity.email}</div> : null}
        </div>
      </div>
      {creating ? null : <StaffTabs id={id} />}
      {staff.isPending ? <Spinner animation="border" size="sm" role="status" aria-label="Loading" /> : null}
      {staff.isError ? <Alert variant="danger">{staff.error.message}</Alert> : null}
      {staff.data && entity ? (
        <StaffFormCard
          key={id}
          id={id}
          staff={entity}
          options={{
            roles: staff.data.formOptions?.roles ?? [],
            homePage: staff.data.formOptions?.homePage ?? [],
            caseListDailySlipsMode: staff.data.formOptions?.caseListDailySlipsMode ?? [],
          }}
        />
      ) : null}
    </>
  );
}
