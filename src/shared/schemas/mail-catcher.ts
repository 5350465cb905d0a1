// The mail catcher (dev and design): the mail the app sent or caught, newest first.
export type CaughtMailSummary = {
  id: number;
  to: string;
  subject: string;
  /** QUEUED, SENT, FAILED or CAUGHT. */
  status: string;
  createdAt: string;
};

export type CaughtMail = CaughtMailSummary & { text: string; error: string | null; sentAt: string | null };

export type CaughtMailPage = { items: CaughtMailSummary[]; next: string | null };
