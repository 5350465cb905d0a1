// An area of the product (organizations, cases, reports, …) as the server sees it: one folder under modules/ whose
// index.ts exports one `Area`. buildApp registers every area of the list in modules/areas.ts, in its order; nothing
// else names an area's routes, jobs or search sources.
import type { FastifyInstance } from 'fastify';
import type { RecordKind } from '../../shared/permissions.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { Metrics } from './metrics.js';
import type { SearchSource } from './search-source.js';
import type { SessionPolicy } from './sessions.js';

/**
 * What an area lets a caller of buildApp replace (tests give the report area a report source of their own). Empty
 * here: each area adds its own keys by declaration merging in its index.ts, so the platform names no area.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in the areas.
export interface AreaOptions {}

/** What an area's routes may use besides the app itself (the app's decorations: jobs, mail, secrets, …). */
export type AreaContext = {
  database: Database;
  config: Config;
  /** The company's time zone (config.timeZone). */
  timeZone: string;
  policy: SessionPolicy;
  metrics: Metrics;
  options: AreaOptions;
  /** Every area of the app, in order (search reads their search sources). */
  areas: readonly Area[];
};

export type Area = {
  /** The folder's name under modules/. */
  name: string;
  /** Registers the area's routes and jobs (app.jobs.register) on the app. */
  register: (app: FastifyInstance, context: AreaContext) => void;
  /**
   * The kinds of record the area serves. Their rows of the permission table (who may read, change and delete them)
   * are declared once, on the shared side (src/shared/records/<area>.ts `records`), since the client reads them
   * too; a test holds every kind served by one area.
   */
  records?: readonly RecordKind[];
  /** What global search looks in among the area's records. */
  searchSources?: readonly SearchSource[];
};

/** Declares an area (a typed identity: the manifest's shape is checked where it is written). */
export const defineArea = (area: Area): Area => area;
