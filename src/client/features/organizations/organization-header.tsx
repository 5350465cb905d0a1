// The header of an organization's tab screens: its name (linking to its basics) and the tabs.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { pathFor } from '../../../shared/routes';
import { loadEntity } from '../../api/entity';
import { OrganizationTabs } from './organization-tabs';

export function useOrganizationName(id: string | number | null | undefined): string | null {
  const query = useQuery({
    queryKey: ['organization-name', String(id)],
    queryFn: ({ signal }) =>
      loadEntity<{ name: string }>(`/api/manage/organization/${id}`, 'organization', { signal }),
    enabled: !!id && id !== 'create',
    staleTime: 60_000,
  });
  return query.data?.entity.name ?? null;
}

export function OrganizationHeader({ id, title }: { id: string; title: string }) {
  const name = useOrganizationName(id);
  return (
    <>
      <div className="sd-page-head">
        <div>
          <h1 className="h4 mb-0">{title}</h1>
          <div className="text-body-secondary small">
            <Link to={pathFor('organization_basics', { id })}>{name ?? '…'}</Link>
          </div>
        </div>
      </div>
      <OrganizationTabs id={id} />
    </>
  );
}
