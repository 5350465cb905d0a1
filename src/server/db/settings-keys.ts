// The rows of the `settings` table other code than their own area writes (the demo seed, search, tests): each row's
// key and the shape of its stored JSON value. The areas that own these settings read and save them with these.
import { AMENDMENT_SETTINGS_DEFAULTS } from '../../shared/schemas/amendment-settings.js';

export const AMENDMENT_SETTINGS_KEY = 'amendment_settings';
export const OPPORTUNITY_SETTINGS_KEY = 'opportunity_settings';
export const ESIGNATURE_SETTINGS_KEY = 'esignature_settings';
export const SALES_ROLES_KEY = 'sales_role_settings';
export const RMM_VIRTUAL_KEY = 'rmm_virtual_devices';

/** The amendment settings' stored value. */
export type StoredAmendmentSettings = {
  numberPrefix: string;
  nextNumber: number;
  defaultAmendmentTypeId: number | null;
  signingNeedsDocument: boolean;
};

/** The amendment settings before the first save. */
export const storedAmendmentDefaults = (): StoredAmendmentSettings => ({
  numberPrefix: AMENDMENT_SETTINGS_DEFAULTS.numberPrefix,
  nextNumber: AMENDMENT_SETTINGS_DEFAULTS.nextNumber,
  defaultAmendmentTypeId: null,
  signingNeedsDocument: AMENDMENT_SETTINGS_DEFAULTS.signingNeedsDocument,
});

/** The sales roles' stored value: the staff who own opportunities and who approve. */
export type StoredSalesRoles = { owners: number[]; approvers: number[] };

/** Which devices are virtual (RMM settings): by device category and by model pattern. */
export type VirtualDevices = { categoryIds: number[]; models: string[] };
