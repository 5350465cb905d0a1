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

export const jobProgressSchema = z.object({
  done: z.number().int(),
  total: z.number().int(),
  text: z.string().describe('The progress in words, e.g. "1,200 of 5,000 rows (running)".'),
});
export type JobProgress = z.infer<typeof jobProgressSchema>;

export const jobItemSchema = z.object({
  id: z.string().describe('The job id (UUID).'),
  queue: z.string(),
  queueLabel: z.string(),
  state: z.enum(JOB_STATES),
  stateLabel: z.string(),
  created: z.string().describe('ISO time.'),
  started: z.string().nullable().describe('ISO time; null until it starts.'),
  completed: z.string().nullable().describe('ISO time it finished; null until then.'),
  retryCount: z.number().int().describe('Runs after the first so far.'),
  retryLimit: z.number().int().describe('How many runs after the first it may have.'),
  progress: jobProgressSchema
    .nullable()
    .describe('Progress of an import or security pack; null for other jobs.'),
  error: z.string().nullable().describe("A failed job's error message."),
  result: z
    .string()
    .nullable()
    .describe("What a completed job reported (e.g. the clean-up's counts), as words."),
  link: z
    .object({ label: z.string(), href: z.string() })
    .nullable()
    .describe('The record it works for: an import run, the report history.'),
  archived: z.boolean(),
  canRetry: z.boolean(),
  canCancel: z.boolean(),
});
export type JobItem = z.infer<typeof jobItemSchema>;

/** GET /api/admin/jobs: one page of jobs, newest first, and every queue to filter by. */
export const jobListSchema = z.object({
  items: z.array(jobItemSchema),
  next: z.string().nullable(),
  queues: z.array(z.object({ value: z.string(), label: z.string() })),
});
export type JobList = z.infer<typeof jobListSchema>;

/** POST /api/admin/jobs/{queue}/{id}/retry and …/cancel: the job after the action. */
export const jobResponse = z.object({ job: jobItemSchema });
