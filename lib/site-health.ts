/**
 * Turning a page's selector report into what the side panel shows: working, composer not
 * found, or messages not found. Shared by the background and its tests.
 */
import type { HealthState, SiteHealthReport } from './messages';

export function healthState(report: SiteHealthReport): HealthState {
  if (!report.matched.composer) return 'composer_missing';
  // Off a conversation (a new chat) there is nothing to read yet; that is not a failure.
  if (report.conversationId && report.turns === 0) return 'messages_missing';
  return 'working';
}
