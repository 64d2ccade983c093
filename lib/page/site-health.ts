/**
 * Turning a page's health report into what the side panel shows: working, composer not
 * found, messages not found, or reading problems. Shared by the background and its tests.
 */
import * as z from 'zod/mini';
import { SiteIdSchema } from '../memory/types';
import { SelectorMatchesSchema, type SiteHealthReport } from './page-schemas';
import { READING_PROBLEMS } from './reading-problems';

/** What the side panel shows: `not_connected` = no report from a chat page in that tab. */
export const HEALTH_STATES = [
  'working',
  'composer_missing',
  'messages_missing',
  'reading_problems',
  'not_connected',
] as const;
export type HealthState = (typeof HEALTH_STATES)[number];
/** What the panel's health line shows: a state, or that it is still asking / could not ask. */
export type PanelHealth = HealthState | 'checking' | 'unknown';

export const TabHealthSchema = z.object({
  tabId: z.nullable(z.int()),
  site: z.nullable(SiteIdSchema),
  state: z.enum(HEALTH_STATES),
  conversationId: z.nullable(z.string()),
  chatId: z.nullable(z.string()),
  excluded: z.boolean(),
  matched: z.nullable(SelectorMatchesSchema),
  problems: z.optional(z.array(z.enum(READING_PROBLEMS))),
  turns: z.int(),
  draft: z.optional(z.string()),
  at: z.nullable(z.string()),
});
export type TabHealth = z.infer<typeof TabHealthSchema>;

export function healthState(report: SiteHealthReport): HealthState {
  if (!report.matched.composer) return 'composer_missing';
  // Off a conversation (a new chat) there is nothing to read yet; that is not a failure.
  if (report.conversationId && report.turns === 0) return 'messages_missing';
  // The selectors match but what they read looks wrong: the quieter kind of site change.
  if (report.problems?.length) return 'reading_problems';
  return 'working';
}
