// The file import screens' calls: presets, a run (polled every second while its job is queued or running), recent
// runs, the month's status, and the changes (upload, sites, mapping and date orders, confirm, cancel).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListPage } from '../../../shared/schemas/common';
import type {
  ColumnMapping,
  DateOrderCode,
  ImportField,
  ImportKind,
  ImportPreset,
  ImportRun,
  ImportStatusRow,
} from '../../../shared/schemas/file-import';
import { apiGet, apiPost } from '../../api/http';

export const IMPORT_API = '/api/admin/file-import';
export const runKey = (id: number) => ['file-import', 'run', id] as const;

export const isWorking = (run: ImportRun | undefined) =>
  run?.status === 'QUEUED' || run?.status === 'RUNNING';

export function usePresets() {
  return useQuery({
    queryKey: ['file-import', 'presets'],
    queryFn: ({ signal }) => apiGet<{ presets: ImportPreset[] }>(`${IMPORT_API}/presets`, { signal }),
    select: (d) => d.presets,
  });
}

export function useRun(id: number) {
  return useQuery({
    queryKey: runKey(id),
    queryFn: ({ signal }) => apiGet<{ run: ImportRun }>(`${IMPORT_API}/${id}`, { signal }),
    select: (d) => d.run,
    // Every second while the run's job is queued or running: its progress, then its end.
    refetchInterval: (query) => (isWorking(query.state.data?.run) ? 1000 : false),
  });
}

export function useRecentRuns(after: string | null) {
  return useQuery({
    queryKey: ['file-import', 'runs', after],
    queryFn: ({ signal }) =>
      apiGet<ListPage<ImportRun>>(IMPORT_API, { signal, query: { limit: 10, after: after ?? undefined } }),
  });
}

export function useImportStatus(query: { month: string; clients: string; after: string | null }) {
  return useQuery({
    queryKey: ['file-import', 'status', query],
    queryFn: ({ signal }) =>
      apiGet<{ month: string; items: ImportStatusRow[]; next: string | null }>(`${IMPORT_API}/status`, {
        signal,
        query: { month: query.month, clients: query.clients, after: query.after ?? undefined, limit: 25 },
      }),
  });
}

/** The run-changing calls; each answers the run, which replaces the cached one. */
export function useRunChange(id: number) {
  const queryClient = useQueryClient();
  const done = (data: { run: ImportRun }) => {
    queryClient.setQueryData(runKey(id), data);
    void queryClient.invalidateQueries({ queryKey: ['file-import', 'runs'] });
  };
  return {
    sites: useMutation({
      mutationFn: (sites: { site: string; organization: number }[]) =>
        apiPost<{ run: ImportRun }>(`${IMPORT_API}/${id}/sites`, { sites }),
      onSuccess: done,
    }),
    mapping: useMutation({
      mutationFn: (body: {
        kind: ImportKind;
        columns: ColumnMapping;
        saveAs?: string | null;
        dateOrders?: Partial<Record<ImportField, DateOrderCode>>;
      }) => apiPost<{ run: ImportRun }>(`${IMPORT_API}/${id}/mapping`, body),
      onSuccess: (data) => {
        done(data);
        void queryClient.invalidateQueries({ queryKey: ['file-import', 'presets'] });
      },
    }),
    confirm: useMutation({
      mutationFn: () => apiPost<{ run: ImportRun }>(`${IMPORT_API}/${id}/confirm`),
      onSuccess: done,
    }),
    cancel: useMutation({
      mutationFn: () => apiPost<{ run: ImportRun }>(`${IMPORT_API}/${id}/cancel`),
      onSuccess: done,
    }),
  };
}
