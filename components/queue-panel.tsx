import type { Chat, QueuePause } from '../lib/memory/types';
import type { JobView, ResponseOf } from '../lib/messages';
import { JobItem } from './job-item';
import { UsageLine } from './usage-line';

export interface QueuePanelProps {
  jobs: readonly JobView[];
  openChats: readonly Chat[];
  paused: QueuePause | null;
  usage: ResponseOf<'usage.summary'> | null;
  onExtractNow: (chatId: string) => void;
  onRetry: (jobId: string) => void;
  onDiscard: (jobId: string) => void;
  onTestConnection: () => void;
}

/** Extraction: why it is paused, what it costs, chats waiting, and the queue. */
export function QueuePanel(props: QueuePanelProps) {
  const { jobs, openChats, paused } = props;
  return (
    <section class="queue" aria-label="Extraction">
      <h2>Extraction</h2>
      {paused && (
        <p role="alert" class="status error">
          Extraction paused: {paused.message}
        </p>
      )}
      <UsageLine usage={props.usage} />
      <p class="queue-actions">
        <button type="button" onClick={props.onTestConnection}>
          Test connection
        </button>
      </p>
      {openChats.length > 0 && (
        <ul class="open-chats" aria-label="Open chats">
          {openChats.map((chat) => (
            <li key={chat.id}>
              <span class="badge">{chat.site}</span> {chat.title || chat.conversationId}{' '}
              <button
                type="button"
                aria-label={`Extract now: ${chat.title || chat.id}`}
                onClick={() => props.onExtractNow(chat.id)}
              >
                Extract now
              </button>
            </li>
          ))}
        </ul>
      )}
      {jobs.length > 0 && (
        <ul class="job-list" aria-label="Extraction queue">
          {jobs.map((job) => (
            <JobItem key={job.id} job={job} onRetry={props.onRetry} onDiscard={props.onDiscard} />
          ))}
        </ul>
      )}
    </section>
  );
}
