import { useEffect } from 'preact/hooks';
import { MemoryList } from '../../components/memory-list';
import { QueuePanel } from '../../components/queue-panel';
import { TransferBar } from '../../components/transfer-bar';
import { exportFile, importFile, loaded, memories, startMemoryModel, status } from './models/memories';
import * as queue from './models/queue';

export function App() {
  useEffect(() => startMemoryModel(), []);
  useEffect(() => queue.startQueueModel(), []);
  return (
    <main>
      <header>
        <h1>claude-mem</h1>
        <p class="count">{memories.value.length} memories</p>
      </header>
      <TransferBar onImport={(f) => void importFile(f)} onExport={() => void exportFile()} />
      {status.value && (
        <p role={status.value.kind === 'error' ? 'alert' : 'status'} class={`status ${status.value.kind}`}>
          {status.value.text}
        </p>
      )}
      <MemoryList memories={memories.value} loaded={loaded.value} />
      <QueuePanel
        jobs={queue.jobs.value}
        openChats={queue.openChats.value}
        paused={queue.paused.value}
        usage={queue.usage.value}
        onExtractNow={(id) => void queue.extractNow(id)}
        onRetry={(id) => void queue.retry(id)}
        onDiscard={(id) => void queue.discard(id)}
        onTestConnection={queue.testConnection}
      />
      {queue.queueStatus.value && (
        <p
          role={queue.queueStatus.value.kind === 'error' ? 'alert' : 'status'}
          class={`status ${queue.queueStatus.value.kind}`}
        >
          {queue.queueStatus.value.text}
        </p>
      )}
    </main>
  );
}
