// The header every screen of an agreement's tree shares: number and title, organization, status, the monthly
// recurring value and covered hours of the services in force on a chosen day ("as of", today unless changed), the
// services behind those figures on request, and the tabs (Basics, Services, Amendments, Documents, Activity).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge, Button, Table } from 'react-bootstrap';
import { Link, useSearchParams } from 'react-router';
import { formatDate } from '../../../shared/format/date';
import { formatMoney, formatQuantity } from '../../../shared/format/money';
import { pathFor } from '../../../shared/routes';
import type { AsOf } from '../../../shared/schemas/agreement';
import type { Option } from '../../../shared/schemas/common';
import { loadEntity } from '../../api/entity';
import { apiGet } from '../../api/http';
import { DateInput, ListTable } from '../../ui';
import { RouteTabs } from '../../ui/route-tabs';
import { activityKey } from '../activity/activity-timeline';
import { ParentOf, ParentTitle } from '../records/parent-title';
import { type AgreementPlace, type AgreementScreen, agreementPath } from './agreement-paths';

export type AgreementSummary = {
  id: number;
  version: number;
  number: string;
  title: string;
  status: Option | null;
  organization: Option | null;
  /** The won opportunity this agreement was created from. */
  opportunity: Option | null;
};

const TABS: { label: string; screen: AgreementScreen }[] = [
  { label: 'Basics', screen: 'basics' },
  { label: 'Services', screen: 'services' },
  { label: 'Amendments', screen: 'amendments' },
  { label: 'Documents', screen: 'documents' },
  { label: 'Activity', screen: 'activities' },
];

export const agreementKey = (id: string) => ['record', '/api/manage/agreement', id] as const;

/** After a change below an agreement: its figures, timeline and lists load again. */
export function useAgreementChanged(agreementId: string) {
  const queryClient = useQueryClient();
  return () => {
    for (const key of [
      ['agreement-as-of', agreementId],
      activityKey(`/api/manage/agreement/${agreementId}/activity`),
      ['service'],
      ['amendment'],
      ['agreement'],
    ])
      void queryClient.invalidateQueries({ queryKey: key });
  };
}

export function useAgreement(id: string) {
  return useQuery({
    // The basics screen's own key: the header and the form share one GET.
    queryKey: agreementKey(id),
    queryFn: ({ signal }) =>
      loadEntity<AgreementSummary>(`/api/manage/agreement/${encodeURIComponent(id)}`, 'agreement', {
        signal,
      }),
    enabled: id !== 'create' && id !== '',
    staleTime: 30_000,
  });
}

export function AgreementTabs({ place }: { place: AgreementPlace }) {
  return (
    <RouteTabs
      label="Agreement"
      tabs={TABS.map((t) => ({ label: t.label, to: agreementPath(place, t.screen) }))}
    />
  );
}

/** The figures in force on the "as of" day (the address keeps the day, so a link shows the same view). */
export function AsOfFigures({ agreementId }: { agreementId: string }) {
  const [search, setSearch] = useSearchParams();
  const today = formatDate(new Date());
  const asOf = search.get('asOf') ?? today;
  const [open, setOpen] = useState(false);
  const query = useQuery({
    queryKey: ['agreement-as-of', agreementId, asOf],
    queryFn: ({ signal }) =>
      apiGet<AsOf>(`/api/manage/agreement/${agreementId}/as-of`, { signal, query: { date: asOf } }),
    staleTime: 10_000,
  });
  const setAsOf = (value: string) => {
    const next = new URLSearchParams(search);
    if (!value || value === today) next.delete('asOf');
    else next.set('asOf', value);
    setSearch(next, { replace: true });
  };
  const data = query.data;
  return (
    <section className="sd-agreement-figures" aria-label="Services in force">
      <div className="d-flex flex-wrap align-items-end gap-3">
        <div>
          <div className="text-body-secondary small">Monthly value</div>
          <div className="fs-5 fw-semibold" data-testid="monthly-value">
            {data ? formatMoney(data.monthlyValue) : '…'}
          </div>
        </div>
        <div>
          <div className="text-body-secondary small">One-time this month</div>
          <div className="fs-5 fw-semibold" data-testid="one-time-value">
            {data ? formatMoney(data.oneTime) : '…'}
          </div>
        </div>
        <div>
          <div className="text-body-secondary small">Covered hours / month</div>
          <div className="fs-5 fw-semibold" data-testid="covered-hours">
            {data ? formatQuantity(data.coveredHours) || '0' : '…'}
          </div>
        </div>
        <div className="sd-as-of">
          <DateInput
            label="As of"
            name="asOf"
            className="mb-0"
            value={asOf}
            onChange={(v) => setAsOf(v)}
            allowEmpty={false}
          />
        </div>
        {asOf !== today ? (
          <Button size="sm" variant="link" onClick={() => setAsOf(today)}>
            Today
          </Button>
        ) : null}
        <Button size="sm" variant="outline-secondary" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open
            ? 'Hide services'
            : `Show services${data ? ` (${data.services.length + data.oneTimeCharges.length})` : ''}`}
        </Button>
      </div>
      {open && data ? (
        <ListTable>
          <Table size="sm" className="mt-2 mb-0 sd-as-of-table">
            <thead>
              <tr>
                <th>Service</th>
                <th className="text-end">Qty</th>
                <th className="text-end">Unit price</th>
                <th>Billing</th>
                <th className="text-end">Monthly</th>
              </tr>
            </thead>
            <tbody>
              {data.services.length + data.oneTimeCharges.length === 0 ? (
                <tr>
                  <td colSpan={5} className="text-body-secondary">
                    No services in force on {data.date}.
                  </td>
                </tr>
              ) : (
                data.services.map((s) => (
                  <tr key={s.id}>
                    <td>
                      {s.serviceType.label}
                      {s.description ? (
                        <div className="small text-body-secondary">{s.description}</div>
                      ) : null}
                    </td>
                    <td className="text-end">{formatQuantity(s.quantity)}</td>
                    <td className="text-end">{formatMoney(s.unitPrice)}</td>
                    <td>{s.billingFrequency.label}</td>
                    <td className="text-end">{formatMoney(s.monthly)}</td>
                  </tr>
                ))
              )}
              {/* Billed once, in the month of their date: their amount, never part of the monthly value. */}
              {data.oneTimeCharges.map((s) => (
                <tr key={s.id}>
                  <td>
                    {s.serviceType.label}
                    <div className="small text-body-secondary">
                      {s.description ? `${s.description} · ` : ''}
                      {s.startDate}
                    </div>
                  </td>
                  <td className="text-end">{formatQuantity(s.quantity)}</td>
                  <td className="text-end">{formatMoney(s.unitPrice)}</td>
                  <td>{s.billingFrequency.label}</td>
                  <td className="text-end">{formatMoney(s.amount)} once</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </ListTable>
      ) : null}
    </section>
  );
}

/** Title block + figures + tabs, for every screen below an agreement (basics passes its own title block). */
export function AgreementHeader({
  place,
  title,
  withTitle = true,
  child = false,
}: {
  place: AgreementPlace;
  /** The screen's name (e.g. "Services"); the agreement's number and title follow it. */
  title: string;
  withTitle?: boolean;
  /** A child record's screen (its own title above): names the agreement it belongs to. */
  child?: boolean;
}) {
  const agreement = useAgreement(place.agreementId).data?.entity;
  const basicsPath = agreementPath(place, 'basics');
  const badge = agreement?.status ? (
    <Badge bg={agreement.status.value === 'OPEN' ? 'success' : 'secondary'} className="ms-2">
      {agreement.status.label}
    </Badge>
  ) : null;
  return (
    <>
      {withTitle ? (
        <ParentTitle title={title} record={agreement} basicsPath={basicsPath} badge={badge} />
      ) : null}
      {child ? <ParentOf kind="Agreement" record={agreement} basicsPath={basicsPath} badge={badge} /> : null}
      {place.agreementId !== 'create' ? (
        <>
          {agreement?.opportunity ? (
            <p className="small text-body-secondary mb-2">
              Created from opportunity{' '}
              <Link to={pathFor('opportunity_basics', { id: agreement.opportunity.value })}>
                {agreement.opportunity.label}
              </Link>
            </p>
          ) : null}
          <AsOfFigures agreementId={place.agreementId} />
          <AgreementTabs place={place} />
        </>
      ) : null}
    </>
  );
}
