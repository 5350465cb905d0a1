// The daily slips side panel (SPEC §2 "Daily panel", §4): day navigation, totals, buckets and the day's slips.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Offcanvas from 'react-bootstrap/Offcanvas';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate } from 'react-router';
import { formatDate, parseDate, parseDateInput, toPathDate } from '../../../shared/format/date';
import { pathFor } from '../../../shared/routes';
import type { Bucket, Slip, SlipFormOptions } from '../../../shared/schemas/slip';
import { profileQuery } from '../../api/profile';
import { useMediaQuery } from '../../shell/use-media-query';
import { DateInput } from '../../ui';
import { useDebounced } from '../../ui/use-debounced';
import { UntrackedSection } from '../day-fixes/untracked-section';
import {
  defaultsOrLocal,
  removeSlip,
  subscribeSaved,
  summaryOrRemembered,
  writeBucket,
  writeSlip,
} from '../offline/offline-sync';
import { bucketAsTyped, slipAsTyped } from '../offline/offline-views';
import { mergeDay } from '../offline/queue-logic';
import { useMyQueue, useOnline, useQueue } from '../offline/use-offline';
import { QuickEntry } from '../quick-entry/quick-entry';
import { BucketSection, type BucketWriter } from './bucket-section';
import { DailySlipList } from './daily-slip-list';
import { MEDIUM_UP_QUERY, today, useDaily } from './daily-state';
import { SUMMARY_DEBOUNCE_MS, summaryKey } from './slip-api';
import type { SlipWriter } from './slip-card';
import { applySaved, sortByStart, totals } from './slip-logic';
import { useSlipRouteSync } from './use-slip-route-sync';

const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);

export function DailyPanel() {
  const daily = useDaily();
  return (
    <Offcanvas
      show={daily.showing}
      onHide={daily.close}
      placement="end"
      backdrop={false}
      scroll
      enforceFocus={false}
      autoFocus={daily.focusOnOpen}
      // A docked panel: Escape belongs to the layer above it (search, calendar, a dialog), which would otherwise
      // close and hand the same key press on to the panel.
      keyboard={false}
      className="sd-daily-panel"
      aria-labelledby="sd-daily-title"
      data-testid="daily-panel"
    >
      {daily.showing ? <DailyPanelBody /> : null}
    </Offcanvas>
  );
}

function DailyHeader() {
  const daily = useDaily();
  const shown = formatDate(daily.date);
  const [text, setText] = useState(shown);
  useEffect(() => setText(shown), [shown]);
  return (
    <div className="offcanvas-header flex-wrap gap-2 border-bottom sd-daily-header">
      <h2 className="h5 mb-0 me-auto" id="sd-daily-title">
        Daily
      </h2>
      <div className="d-flex align-items-center gap-1 flex-wrap">
        <Button
          size="sm"
          variant="outline-secondary"
          aria-label="Previous day"
          onClick={() => daily.setDate(addDays(daily.date, -1))}
        >
          ‹
        </Button>
        <DateInput
          id="sd-daily-date"
          name="dailyDate"
          label="Date"
          className="mb-0 sd-daily-date sd-label-hidden"
          allowEmpty={false}
          value={text}
          onChange={(v) => {
            setText(v);
            const d = parseDateInput(v);
            if (d && v.length >= 8) daily.setDate(d);
          }}
        />
        <Button
          size="sm"
          variant="outline-secondary"
          aria-label="Next day"
          onClick={() => daily.setDate(addDays(daily.date, 1))}
        >
          ›
        </Button>
        <Button size="sm" variant="outline-primary" onClick={() => daily.setDate(today())}>
          Today
        </Button>
        <button type="button" className="btn-close ms-1" aria-label="Close" onClick={daily.close} />
      </div>
    </div>
  );
}

function DailyPanelBody() {
  const daily = useDaily();
  const navigate = useNavigate();
  const sync = useSlipRouteSync();
  const mediumUp = useMediaQuery(MEDIUM_UP_QUERY);
  const { data: profile } = useQuery(profileQuery);
  const userId = profile?.id;
  const online = useOnline();
  const pathDate = useDebounced(toPathDate(daily.date), SUMMARY_DEBOUNCE_MS);
  const displayed = formatDate(daily.date);
  // Offline the queries still run ('always'): they answer from what this device remembers.
  const summary = useQuery({
    queryKey: summaryKey(pathDate),
    queryFn: ({ signal }) => summaryOrRemembered(userId, pathDate, signal),
    placeholderData: keepPreviousData,
    networkMode: 'always',
  });
  const defaults = useQuery({
    queryKey: ['slip-create', daily.createTaskId],
    queryFn: ({ signal }) => defaultsOrLocal(userId, daily.createTaskId!, today(), signal),
    enabled: daily.createTaskId !== null,
    staleTime: 0,
    gcTime: 0,
    networkMode: 'always',
  });
  const [slips, setSlips] = useState<Slip[]>([]);
  const [buckets, setBuckets] = useState<Bucket[]>([]);
  useEffect(() => {
    if (!summary.data) return;
    setSlips(sortByStart(summary.data.slips));
    setBuckets(summary.data.buckets);
  }, [summary.data]);
  // SPEC §8: summary and defaults load failures are only logged.
  useEffect(() => {
    if (summary.error) console.error(summary.error);
    if (defaults.error) console.error(defaults.error);
  }, [summary.error, defaults.error]);

  const formOptions = useMemo<SlipFormOptions>(
    () => ({
      how: summary.data?.howOptions ?? defaults.data?.formOptions.how ?? [],
      where: summary.data?.whereOptions ?? defaults.data?.formOptions.where ?? [],
      user: summary.data?.billerOptions ?? defaults.data?.formOptions.user ?? [],
      rateMultiplier: summary.data?.rateMultiplierOptions ?? defaults.data?.formOptions.rateMultiplier ?? [],
    }),
    [summary.data, defaults.data],
  );
  const { resolved } = useQueue();
  const queue = useMyQueue(userId);
  const merged = useMemo(
    () => mergeDay({ slips, buckets }, queue, toPathDate(daily.date), userId ?? -1, resolved),
    [slips, buckets, queue, daily.date, userId, resolved],
  );
  // A queued change the sync engine saved (or the user took the server's version of) replaces its card at once.
  useEffect(
    () =>
      subscribeSaved((op, answer) => {
        if (op.kind === 'bucket-save') {
          if (answer) setBuckets((list) => withBucket(list, answer as Bucket));
          return;
        }
        if (op.kind === 'slip-delete' && !answer) {
          setSlips((list) => list.filter((s) => s.id !== op.target));
          return;
        }
        if (answer && userId !== undefined) {
          setSlips((list) => applySaved(list, answer as Slip, displayed, userId));
        }
      }),
    [displayed, userId],
  );
  const writer = useMemo<SlipWriter | undefined>(() => {
    if (userId === undefined) return undefined;
    const targetOf = (slip: Slip) => merged.pending.get(slip.id)?.target ?? slip.id;
    return {
      save: (slip, values, isNew) => {
        const view = slipAsTyped(slip, values, formOptions);
        return writeSlip(userId, isNew ? null : targetOf(slip), values, view, dayOf(view) ?? pathDate);
      },
      remove: (slip) => removeSlip(userId, targetOf(slip), slip.version, slip, dayOf(slip) ?? pathDate),
    };
  }, [userId, merged.pending, formOptions, pathDate]);
  const bucketWriter = useMemo<BucketWriter | undefined>(
    () =>
      userId === undefined
        ? undefined
        : (bucket, values) =>
            writeBucket(
              userId,
              bucket.category.id,
              toPathDate(daily.date),
              values,
              bucketAsTyped(bucket, values),
            ),
    [userId, daily.date],
  );
  const sums = totals(merged.slips, merged.buckets);
  const stale = pathDate !== toPathDate(daily.date) || summary.isPlaceholderData;

  const onSaved = (saved: Slip, previous: Slip | null) => {
    if (previous === null) daily.clearCreate();
    setSlips((list) =>
      applySaved(list, saved, displayed, profile?.id ?? saved.user.value, previous?.id ?? null),
    );
    sync.refresh();
  };
  // A slip a day fix made (a split's second part): added like a saved new slip, leaving a new slip being typed open.
  const onCreated = (saved: Slip) => {
    setSlips((list) => applySaved(list, saved, displayed, profile?.id ?? saved.user.value, null));
    sync.refresh();
  };
  const phoneEdit = (slip: Slip) => {
    // The edit route needs the server: offline, or for a slip only this device knows, edit in the card.
    if (mediumUp || !online || slip.id < 0) return false;
    navigate(
      pathFor('case_task_slip_basics_edit', { caseId: slip.caseId, taskId: slip.taskId, slipId: slip.id }),
    );
    daily.close();
    return true;
  };

  return (
    <>
      <DailyHeader />
      <Offcanvas.Body className="pt-2">
        <QuickEntry
          slips={merged.slips}
          writer={writer}
          userId={userId}
          onSaved={(saved) => setSlips((list) => applySaved(list, saved, displayed, saved.user.value, null))}
        />
        <div
          className="d-flex gap-3 mb-2 sd-daily-totals"
          data-testid="daily-totals"
          data-loaded={summary.isFetching || stale ? undefined : pathDate}
        >
          <Total label="Case Hours" value={sums.caseHours} />
          <Total label="Bucket Hours" value={sums.bucketHours} />
          <Total label="Total Hours" value={sums.totalHours} />
          {summary.isFetching || stale ? (
            <Spinner size="sm" animation="border" className="ms-auto" aria-label="Loading" />
          ) : null}
        </div>
        {!online ? (
          <p className="small text-body-secondary mb-2 sd-daily-offline" role="status">
            Offline: changes are kept on this device and saved when the network is back.
          </p>
        ) : null}
        {merged.buckets.length > 0 ? (
          <BucketSection
            buckets={merged.buckets}
            date={daily.date}
            onSaved={(b) => setBuckets((list) => withBucket(list, b))}
            writer={bucketWriter}
            pending={merged.pendingBuckets}
          />
        ) : null}
        {summary.data || !summary.isLoading ? (
          <DailySlipList
            slips={merged.slips}
            writer={writer}
            pending={merged.pending}
            newSlip={daily.createTaskId !== null && defaults.data ? defaults.data.slip : null}
            formOptions={formOptions}
            onSaved={onSaved}
            onCreated={onCreated}
            onNewCancelled={daily.clearCreate}
            handlers={{
              onEditRequest: phoneEdit,
              onMove: (slip) => daily.openMove(slip.id, slip.taskId),
              onCopy: (slip) => {
                navigate(
                  pathFor('case_task_slip_basics_copy', {
                    caseId: slip.caseId,
                    taskId: slip.taskId,
                    slipId: slip.id,
                  }),
                );
                if (!mediumUp) daily.close();
              },
              onDeleted: (slip) => {
                setSlips((list) => list.filter((s) => s.id !== slip.id));
                sync.afterDelete(slip);
              },
            }}
          />
        ) : null}
        <UntrackedSection date={daily.date} slips={merged.slips} />
      </Offcanvas.Body>
    </>
  );
}

/** MMddyyyy of a slip's date (MM/dd/yyyy), or null when it is not a date. */
function dayOf(slip: Pick<Slip, 'date'>): string | null {
  const d = parseDate(slip.date);
  return d ? toPathDate(d) : null;
}

/** The list with `saved` in its category's place. */
const withBucket = (list: Bucket[], saved: Bucket) =>
  list.map((x) => (x.category.id === saved.category.id ? saved : x));

function Total({ label, value }: { label: string; value: string }) {
  const id = `sd-daily-${label.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <div className="sd-daily-total">
      <div className="small text-body-secondary" id={id}>
        {label}
      </div>
      <output className="fw-semibold" aria-labelledby={id}>
        {value}
      </output>
    </div>
  );
}
