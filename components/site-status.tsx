import type { TabHealth } from '../lib/messages';
import { SITE_LABELS } from '../lib/sites';

export interface SiteStatusProps {
  health: TabHealth | null;
  onExcludedChange: (excluded: boolean) => void;
}

const STATES: Record<TabHealth['state'], string> = {
  working: 'working',
  'composer-missing': 'composer not found',
  'messages-missing': 'messages not found',
  'no-report': 'waiting for the page',
  'not-a-chat-site': 'not a supported chat site',
};

/** This tab's chat site: whether the extension can work there, and the per-chat memory switch. */
export function SiteStatus({ health, onExcludedChange }: SiteStatusProps) {
  if (!health) return null;
  const site = health.site ? SITE_LABELS[health.site] : 'This tab';
  return (
    <section class="site-status" aria-label="This tab">
      <p data-state={health.state}>
        {site}: {STATES[health.state]}
      </p>
      {health.chatId && (
        <label>
          <input
            type="checkbox"
            checked={health.excluded}
            onChange={(e) => onExcludedChange(e.currentTarget.checked)}
          />
          Don't remember this chat
        </label>
      )}
    </section>
  );
}
