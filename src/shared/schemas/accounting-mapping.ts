// The accounting mapping (/admin/accounting-mapping, administrators): which account code, item (the accounting
// system's product or service name) and tax code each service type, time and materials, and hand-added charges and
// credits go to in the invoice exports (Xero, QuickBooks Online, QuickBooks Desktop IIF, CSV, XLSX); a value left
// empty falls back to the default sales account and default tax code, an item to the line's own service name.
// The payment terms printed and exported stay PAYMENT_TERMS (billing-run.ts).
import { z } from 'zod';
import { recordId } from './common.js';
import { version } from './fields.js';
import { refValue } from './record.js';

export const CODE_MAX = 50;
export const ITEM_MAX = 100;
export const SERVICE_TYPES_MAX = 1000;

export const codeTooLong = (max: number) => `Use at most ${max} characters.`;
export const NO_CONTROL_CHARACTERS = 'Use no tabs, line breaks or other control characters.';
export const CODE_REQUIRED = 'Please enter a value.';
export const SERVICE_TYPE_UNKNOWN = 'Choose service types from the list.';

/** "Managed Seat Account Code: …": a service type row's message names the row and the field. */
export const rowMessage = (index: number, field: string, message: string) =>
  `Service type ${index + 1} ${field}: ${message}`;

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** A code as typed: trimmed, at most `max` characters, no control character; empty is null (the default applies). */
export const codeText = (max = CODE_MAX, required = false) =>
  z
    .string()
    .max(10_000)
    .nullish()
    .transform((v, ctx) => {
      const text = (v ?? '').trim();
      if (CONTROL.test(text)) ctx.addIssue({ code: 'custom', message: NO_CONTROL_CHARACTERS });
      else if (text.length > max) ctx.addIssue({ code: 'custom', message: codeTooLong(max) });
      else if (!text && required) ctx.addIssue({ code: 'custom', message: CODE_REQUIRED });
      return text || null;
    });

/** Where one kind of line goes: empty values fall back to the defaults. */
export const mappingTarget = z.object({
  account: z.string().nullable(),
  item: z.string().nullable(),
  taxCode: z.string().nullable(),
});
export type MappingTarget = z.infer<typeof mappingTarget>;

const TARGET_FIELDS = [
  ['account', 'Account Code', CODE_MAX],
  ['item', 'Item', ITEM_MAX],
  ['taxCode', 'Tax Code', CODE_MAX],
] as const;

/** One target in the form: its three values checked, each message naming the field. */
const targetForm = (label: string) =>
  z
    .object({
      account: z.unknown().optional(),
      item: z.unknown().optional(),
      taxCode: z.unknown().optional(),
    })
    .nullish()
    .transform((v, ctx): MappingTarget => {
      const out: MappingTarget = { account: null, item: null, taxCode: null };
      for (const [field, name, max] of TARGET_FIELDS) {
        const parsed = codeText(max).safeParse(
          typeof v?.[field] === 'number' ? String(v[field]) : v?.[field],
        );
        if (parsed.success) out[field] = parsed.data;
        else
          for (const issue of parsed.error.issues)
            ctx.addIssue({
              code: 'custom',
              message: `${label} ${name}: ${issue.code === 'invalid_type' ? 'Please enter text.' : issue.message}`,
            });
      }
      return out;
    });

const serviceTypeRow = z.object({
  serviceType: recordId(),
  account: z.unknown(),
  item: z.unknown(),
  taxCode: z.unknown(),
});

/** POST /api/report/accounting-mapping: every field's problem keyed by its field (service types: by row). */
export const accountingMappingForm = z.object({
  version: version(),
  defaultAccount: codeText(CODE_MAX, true),
  defaultTaxCode: codeText(CODE_MAX, true),
  receivableAccount: codeText(CODE_MAX, true),
  time: targetForm('Time and Materials'),
  charge: targetForm('Charges'),
  credit: targetForm('Credits'),
  serviceTypes: z
    .array(z.unknown())
    .max(SERVICE_TYPES_MAX)
    .default([])
    .transform((rows, ctx) => {
      const out: (MappingTarget & { serviceType: number })[] = [];
      const seen = new Set<number>();
      rows.forEach((raw, i) => {
        const row = serviceTypeRow.partial().safeParse(raw);
        const id = row.success ? row.data.serviceType : undefined;
        if (!row.success || id === undefined) {
          ctx.addIssue({ code: 'custom', message: rowMessage(i, 'Service Type', SERVICE_TYPE_UNKNOWN) });
          return;
        }
        const target = targetForm(`Service type ${i + 1}`).safeParse(row.data);
        if (!target.success) {
          for (const issue of target.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
          return;
        }
        if (seen.has(id)) return;
        seen.add(id);
        out.push({ serviceType: id, ...target.data });
      });
      return out;
    }),
});
export type AccountingMappingForm = z.infer<typeof accountingMappingForm>;

export const ACCOUNTING_MAPPING_DEFAULTS = {
  defaultAccount: 'Sales',
  defaultTaxCode: 'Tax Exempt',
  receivableAccount: 'Accounts Receivable',
};

/** The mapping as stored: only service types with a value set are kept. */
export type StoredMapping = {
  defaultAccount: string;
  defaultTaxCode: string;
  receivableAccount: string;
  time: MappingTarget;
  charge: MappingTarget;
  credit: MappingTarget;
  serviceTypes: Record<string, MappingTarget>;
};

export const accountingMappingSchema = z.object({
  defaultAccount: z.string(),
  defaultTaxCode: z.string(),
  receivableAccount: z
    .string()
    .describe('The accounts receivable account (QuickBooks Desktop IIF TRNS lines).'),
  time: mappingTarget,
  charge: mappingTarget,
  credit: mappingTarget,
  /** Every active service type (and any inactive one with a value set), by name. */
  serviceTypes: z.array(mappingTarget.extend({ serviceType: refValue })),
  paymentTerms: z.string(),
  version: z.number(),
  updated: z.string().nullable(),
  updatedBy: refValue.nullable(),
});
export type AccountingMapping = z.infer<typeof accountingMappingSchema>;

export const accountingMappingResponse = z.object({
  mapping: accountingMappingSchema,
  can: z.object({ save: z.boolean() }),
});
export const accountingMappingSaved = z.object({ mapping: accountingMappingSchema });

export const ACCOUNTING_MAPPING_HISTORY_KEY = 'accounting-mapping';
export const ACCOUNTING_MAPPING_FIELD_LABELS: Record<string, string> = {
  defaultAccount: 'Default Sales Account',
  defaultTaxCode: 'Default Tax Code',
  receivableAccount: 'Accounts Receivable Account',
};

// ---- exports ----

export const INVOICE_EXPORT_FORMATS = ['xero', 'qbo', 'iif', 'csv', 'xlsx'] as const;
export type InvoiceExportFormat = (typeof INVOICE_EXPORT_FORMATS)[number];
export const FORMAT_INVALID = 'Choose a format: xero, qbo, iif, csv or xlsx.';
export const NOTHING_POSTED =
  'No invoice of this run is posted yet: post invoices to export them for accounting.';
export const invoiceExportQuery = z.object({
  format: z.enum(INVOICE_EXPORT_FORMATS, { error: FORMAT_INVALID }),
});
