import { useEffect } from 'preact/hooks';
import { MemoryList } from '../../components/memory-list';
import { SiteStatus } from '../../components/site-status';
import { TransferBar } from '../../components/transfer-bar';
import { exportFile, importFile, loaded, memories, startMemoryModel, status } from './models/memories';
import { setExcluded, startSiteStatusModel, tabHealth } from './models/site-status';

export function App() {
  useEffect(() => startMemoryModel(), []);
  useEffect(() => startSiteStatusModel(), []);
  return (
    <main>
      <header>
        <h1>claude-mem</h1>
        <p class="count">{memories.value.length} memories</p>
      </header>
      <SiteStatus health={tabHealth.value} onExcludedChange={(v) => void setExcluded(v)} />
      <TransferBar onImport={(f) => void importFile(f)} onExport={() => void exportFile()} />
      {status.value && (
        <p role={status.value.kind === 'error' ? 'alert' : 'status'} class={`status ${status.value.kind}`}>
          {status.value.text}
        </p>
      )}
      <MemoryList memories={memories.value} loaded={loaded.value} />
    </main>
  );
}
