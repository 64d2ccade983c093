import { useEffect } from 'preact/hooks';
import { MemoryList } from '../../components/memory-list';
import { TransferBar } from '../../components/transfer-bar';
import { exportFile, importFile, loaded, memories, startMemoryModel, status } from './models/memories';

export function App() {
  useEffect(() => startMemoryModel(), []);
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
    </main>
  );
}
