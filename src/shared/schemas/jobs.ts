// The background jobs screen (/admin/jobs, developers only): the queue's jobs newest first, with retry and cancel.
import { z } from 'zod';
import { PAGE_SIZE } from './common.js';

export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobStateName = (typeof JOB_STATES)[number];

export const JOB_STATE_LABELS: Record<JobStateName, string> = {
  created: 'Queued',
  retry: 'Waiting to Retry',
  active: 'Running',
  completed: 'Completed',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

/** What each queue of SD6 is, for people. Queues not listed show their own name. */
export const QUEUE_LABELS: Record<string, string> = {
  'rmm-import': 'RMM Import',
  'security-pack': 'Security Pack',
  'mail.deliver': 'Mail Delivery',
  'sessions.cleanup': 'Session Clean-Up',
};

export const queueLabel = (name: string) => QUEUE_LABELS[name] ?? name;

/** GET /api/admin/jobs */
export const jobListQuery = z.object({
  queue: z
    .string()
    .trim()
    .max(100)
    .regex(/^[\w.:-]*$/, 'Choose a queue from the list.')
    .optional()
    .transform((v) => v || undefined),
  state: z
    .string()
    .trim()
    .max(20)
    .refine((v) => v === '' || (JOB_STATES as readonly string[]).includes(v), 'Choose a state from the list.')
    .optional()
    .transform((v) => (v || undefined) as JobStateName | undefined),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE),
  after: z.string().max(500).optional(),
});

/** POST /api/admin/jobs/:queue/:id/retry and …/cancel */
export const jobParams = z.object({
  queue: z
    .string()
    .max(100)
    .regex(/^[\w.:-]+$/, 'Choose a queue from the list.'),
  id: z.uuid('This job does not exist.'),
});

export type JobProgress = { done: number; total: number; text: string };

export type JobItem = {
  id: string;
  queue: string;
  queueLabel: string;
  state: JobStateName;
  stateLabel: string;
  /** ISO times. */
  created: string;
  started: string | null;
  completed: string | null;
  /** Runs after the first so far, and how many it may have. */
  retryCount: number;
  retryLimit: number;
  progress: JobProgress | null;
  /** A failed job's error message. */
  error: string | null;
  /** What the job reported when done (e.g. the clean-up's counts), as words. */
  result: string | null;
  /** The record it works for: an import run, a report history entry. */
  link: { label: string; href: string } | null;
  archived: boolean;
  canRetry: boolean;
  canCancel: boolean;
};

export type JobList = { items: JobItem[]; next: string | null; queues: { value: string; label: string }[] };
