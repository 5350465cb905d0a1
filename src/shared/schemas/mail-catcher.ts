// The mail catcher (dev and design): the mail the app sent or caught, newest first.
import { z } from 'zod';

export const caughtMailSummarySchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  status: z.string().describe('QUEUED, SENT, FAILED or CAUGHT.'),
  createdAt: z.string().describe('ISO time the mail was queued.'),
});
export type CaughtMailSummary = z.infer<typeof caughtMailSummarySchema>;

export const caughtMailSchema = caughtMailSummarySchema.extend({
  text: z.string().describe('The plain-text body.'),
  error: z.string().nullable().describe('Why delivery failed; null when it did not.'),
  sentAt: z.string().nullable().describe('ISO time it was delivered; null when it was not.'),
});
export type CaughtMail = z.infer<typeof caughtMailSchema>;

export const caughtMailPageSchema = z.object({
  items: z.array(caughtMailSummarySchema),
  next: z.string().nullable(),
});
export type CaughtMailPage = z.infer<typeof caughtMailPageSchema>;

/** GET /api/mail-catcher: one page of mail, newest first. */
export const caughtMailPageResponse = z.object({ mail: caughtMailPageSchema });
/** GET /api/mail-catcher/{id}: one mail with its text. */
export const caughtMailResponse = z.object({ message: caughtMailSchema });
/** DELETE /api/mail-catcher: how many mails were deleted. */
export const mailDeletedResponse = z.object({
  deleted: z.number().int().describe('How many mails were deleted.'),
});
