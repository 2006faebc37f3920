import { z } from "./zod";
import { channelHealthSchema } from "./desk-actions";
import { leadStatusSchema } from "./desk-leads";

/** How many weeks the dashboard's weekly chart covers. */
export const DASHBOARD_WEEKS = 12;

/** GET /api/dashboard (spam left out everywhere). */
export const dashboardAnswerSchema = z.object({
  /** One row per ISO week (Monday, UTC), oldest first, DASHBOARD_WEEKS rows. */
  weeks: z.array(
    z.object({
      weekStart: z.string(),
      contact: z.number().int(),
      quotation: z.number().int(),
      consultation: z.number().int(),
      chat: z.number().int(),
    }),
  ),
  /** Quotation requests per service over the same weeks, most first. */
  services: z.array(z.object({ service: z.string(), label: z.string(), count: z.number().int() })),
  /** Leads per open status (all time). */
  open: z.array(z.object({ status: leadStatusSchema, count: z.number().int() })),
  /** Median time from arrival to the first status change, over leads received in those weeks. */
  firstResponse: z.object({ medianMs: z.number().nullable(), leads: z.number().int() }),
  /** Each notification channel that has deliveries: pending, failing, failed, last error. */
  channels: z.array(channelHealthSchema),
});
export type DashboardAnswer = z.infer<typeof dashboardAnswerSchema>;
