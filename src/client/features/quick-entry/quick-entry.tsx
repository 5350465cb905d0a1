// The one-line entry box at the top of the daily panel (issue 17): type a line, watch the preview, Enter saves the
// slip through the panel's writer (idempotent, queued offline), on the displayed day (or the day before). With no
// network the words are matched against the tasks this device knows, and the slip is queued like any offline one.

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { formatDate } from '../../../shared/format/date';
import { parseQuickLine, type QuickMatchTask } from '../../../shared/quick-entry';
import { DEFAULT_BILLING } from '../../../shared/rounding';
import type { Slip } from '../../../shared/schemas/slip';
import { isApiError } from '../../api/http';
import { TextInput } from '../../ui';
import { TYPEAHEAD_DEBOUNCE_MS } from '../../ui/typeahead-options';
import { useDebounced } from '../../ui/use-debounced';
import { refreshRecentTasks, tasksOnDevice } from '../offline/offline-tasks';
import { useOnline } from '../offline/use-offline';
import { useDaily } from '../slips/daily-state';
import type { SlipWriter } from '../slips/slip-card';
import { matchOrLocal, quickMatchKey } from './quick-entry-api';
import { blocker, matchKeyOf, planOf, valuesOfPlan } from './quick-entry-logic';
import { QuickPreview } from './quick-preview';
import { QUICK_BOX_ID } from './use-quick-shortcut';

export const QUICK_PLACEHOLDER = '930-1045 acme vpn #1234 remote phone fixed the tunnel';
/** How long the kept list of recent tasks is fresh enough (it is listed again after that, when online). */
const RECENT_TASKS_STALE_MS = 10 * 60_000;

// The last fill request served: a panel opened again later must not replay an old one.
let servedSeq = 0;

export type QuickEntryProps = {
  /** The displayed day's slips (for a duration's start: the end of the last one). */
  slips: readonly Slip[];
  writer: SlipWriter | undefined;
  userId: number | undefined;
  /** A slip the server saved (queued ones show through the panel's queue). */
  onSaved: (saved: Slip) => void;
};

export function QuickEntry({ slips, writer, userId, onSaved }: QuickEntryProps) {
  const daily = useDaily();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<{ key: string; task: QuickMatchTask } | null>(null);
  const [choosing, setChoosing] = useState<number | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useLayoutEffect(() => {
    const quick = daily.quick;
    if (!quick || quick.seq === servedSeq) return;
    servedSeq = quick.seq;
    setText(quick.text);
    setErrors([]);
    const box = input.current;
    // The text is in the box before it takes the focus: a key typed before React renders again adds to it.
    if (box) box.value = quick.text;
    box?.focus();
    box?.setSelectionRange(quick.text.length, quick.text.length);
  }, [daily.quick]);

  const online = useOnline();
  // The user's recent tasks, kept on the device while online for a line typed with no network.
  useQuery({
    queryKey: ['recent-tasks', userId],
    queryFn: ({ signal }) => refreshRecentTasks(userId!, signal),
    enabled: userId !== undefined && online,
    staleTime: RECENT_TASKS_STALE_MS,
  });
  const parsed = useMemo(() => parseQuickLine(text), [text]);
  const key = parsed.ok ? matchKeyOf(parsed.line) : null;
  // Online and offline answers are kept apart: back online, the server is asked again.
  const queryKey = quickMatchKey(key, online);
  const keyText = queryKey.join('|');
  const onDevice = () => tasksOnDevice(userId, slips);
  // SPEC §9 typeahead: the call waits 200 ms after the last key; a newer one drops the older (AbortSignal).
  const debounced = useDebounced(keyText, TYPEAHEAD_DEBOUNCE_MS);
  const match = useQuery({
    queryKey,
    queryFn: ({ signal }) => matchOrLocal(key!, onDevice, signal),
    enabled: key !== null && debounced === keyText,
    // An answer made on the device is asked again as soon as the server may be back.
    staleTime: (q) => (q.state.data?.offline ? 0 : 30_000),
    // Offline it answers from the device: never paused waiting for a network.
    networkMode: 'always',
  });
  const pick = picked?.key === keyText ? picked.task : null;
  const plan = parsed.ok
    ? planOf(parsed.line, match.data, pick, { displayed: daily.date, slips, now: new Date() })
    : null;

  const clear = () => {
    setText('');
    setPicked(null);
    setChoosing(null);
    setErrors([]);
  };

  const save = async (chosen: QuickMatchTask | null = pick) => {
    if (saving) return;
    if (!parsed.ok) return setErrors([parsed.message]);
    if (!writer || userId === undefined)
      return setErrors(['Still loading your profile: try again in a moment.']);
    // Enter right after typing: ask now rather than wait for the pause.
    const answer =
      key === null
        ? undefined
        : await queryClient.fetchQuery({
            queryKey,
            queryFn: ({ signal }) => matchOrLocal(key, onDevice, signal),
            staleTime: 30_000,
            networkMode: 'always',
          });
    const now = planOf(parsed.line, answer, chosen, { displayed: daily.date, slips, now: new Date() });
    const ready = valuesOfPlan(now, parsed.line, userId);
    if (!ready) {
      if (now.task.kind === 'ambiguous') setChoosing((c) => c ?? 0);
      return setErrors([blocker(now) ?? '']);
    }
    const base = baseSlip(ready.task, userId);
    setSaving(true);
    try {
      const result = await writer.save(base, ready.values, true);
      if (!result.queued) onSaved(result.value);
      clear();
    } catch (error) {
      const fields = isApiError(error) ? Object.values(error.fields).flat() : [];
      setErrors(fields.length ? fields : [error instanceof Error ? error.message : String(error)]);
    } finally {
      setSaving(false);
      input.current?.focus();
    }
  };

  const choose = (task: QuickMatchTask) => {
    setPicked({ key: keyText, task });
    setChoosing(null);
    void save(task);
  };

  const options = plan?.task.kind === 'ambiguous' ? plan.task.matches : [];
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      // A second Escape on an empty box leaves it, so the single-key shortcuts (t, Shift+T, /) work again.
      if (e.currentTarget.value === '') e.currentTarget.blur();
      else clear();
      return;
    }
    if (options.length && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setChoosing((c) => ((c ?? (step > 0 ? -1 : 0)) + step + options.length) % options.length);
      return;
    }
    // The list's "1–9": while it shows, a digit picks (and is not typed), unless it goes on a number being typed.
    if (options.length && digitPicks(e, choosing !== null)) {
      const task = options[Number(e.key) - 1];
      if (task) {
        e.preventDefault();
        choose(task);
      }
      return;
    }
    if (e.key === 'Enter') {
      e.preventDefault();
      const task = choosing !== null ? options[choosing] : undefined;
      if (task) choose(task);
      else void save();
    }
  };

  return (
    // Never disabled while saving: the box keeps the focus for the next line (a second Enter is ignored).
    <div className="sd-quick-entry mb-3" data-testid="quick-entry" aria-busy={saving || undefined}>
      <TextInput
        name="quickEntry"
        id={QUICK_BOX_ID}
        label="Log time"
        className="mb-1"
        value={text}
        autoComplete="off"
        placeholder={QUICK_PLACEHOLDER}
        inputRef={input}
        onChange={(v) => {
          setText(v);
          setChoosing(null);
          setErrors([]);
        }}
        onKeyDown={onKeyDown}
      />
      {text.trim() ? (
        <QuickPreview
          plan={plan}
          parseMessage={parsed.ok ? null : parsed.message}
          choosing={choosing}
          onChoose={choose}
          date={plan && formatDate(plan.day) !== formatDate(daily.date) ? formatDate(plan.day) : null}
        />
      ) : null}
      {errors.length ? (
        <div className="small text-danger mt-1" role="alert" data-testid="quick-entry-errors">
          {errors.map((m) => (
            <div key={m}>{m}</div>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** 1–9 picks once the list is being chosen from (Enter, ↑/↓), else when not going on a `#12`, `10:45` or `1.5`. */
function digitPicks(e: KeyboardEvent<HTMLInputElement>, choosing: boolean): boolean {
  if (!/^[1-9]$/.test(e.key) || e.ctrlKey || e.altKey || e.metaKey) return false;
  if (choosing) return true;
  const box = e.currentTarget;
  const before = box.value.slice(0, box.selectionStart ?? box.value.length);
  return !/[\d#:.-]$/.test(before);
}

/** The card a new slip shows until the server answers (or while it waits in the offline queue). */
function baseSlip(task: QuickMatchTask, userId: number): Slip {
  return {
    id: 0,
    number: 0,
    version: 0,
    startTime: '',
    stopTime: null,
    date: '',
    task: { value: task.taskId, label: task.taskTitle },
    case: { value: task.caseId, label: task.caseTitle },
    organization: { value: 0, label: task.organization },
    user: { value: userId, label: '' },
    where: null,
    how: null,
    rateMultiplier: null,
    comment: null,
    taskId: task.taskId,
    caseId: task.caseId,
    isProject: false,
    start: '',
    stop: null,
    minutes: null,
    billableMinutes: null,
    billing: DEFAULT_BILLING,
    created: { at: '', by: null },
    updated: { at: '', by: null },
  };
}
