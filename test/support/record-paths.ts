// Where each kind of record's generic routes live: the paths the app registered for them (platform/record-routes.ts),
// so a new kind of record needs no line here. Build the app (setupApi) before asking.

import { recordRoutePaths } from '../../src/server/platform/record-routes.js';
import type { RecordKind } from '../../src/shared/permissions.js';

/** The path with its parents filled in (`:agreementId`, `:opportunityId`: a parent the test made). */
export function recordPath(kind: RecordKind, parents: { agreement: number; opportunity: number }): string {
  const path = recordRoutePaths().get(kind);
  if (!path) throw new Error(`No record routes registered for ${kind}: build the app first`);
  return path.replace(/:(agreement|opportunity)Id\b/g, (_, parent: keyof typeof parents) =>
    String(parents[parent]),
  );
}
