/** The batches of "Extract memories from these": progress, tokens, pause, resume, cancel. */
import type { BatchView } from '../../../lib/extraction/batch-schemas';
import { t } from '../../../lib/i18n';
import { number, shortDate } from '../../../lib/i18n/format';
import { batches, cancelBatch, dismissBatch, pauseBatch, queueStopped, resumeBatch } from '../models/extract-batch';

function nameOf(b: BatchView): string {
  const n = b.total + b.skipped.alreadyExtracted + b.skipped.unavailable;
  return b.name || t('batch.name', { n, date: shortDate(b.createdAt) });
}

function BatchActions({ b }: { b: BatchView }) {
  const open = b.state === 'running' || b.state === 'paused';
  return (
    <div class="form-actions">
      {b.state === 'running' && (
        <button type="button" class="small" onClick={() => void pauseBatch(b.id)}>
          {t('batch.pause')}
        </button>
      )}
      {b.state === 'paused' && (
        <button type="button" class="small" onClick={() => void resumeBatch(b.id)}>
          {t('batch.resume')}
        </button>
      )}
      {open && (
        <button type="button" class="small danger" onClick={() => void cancelBatch(b.id)}>
          {t('batch.cancel')}
        </button>
      )}
      {!open && b.running === 0 && (
        <button type="button" class="small" onClick={() => void dismissBatch(b.id)}>
          {t('batch.dismiss')}
        </button>
      )}
    </div>
  );
}

function BatchCard({ b }: { b: BatchView }) {
  const used = b.inputTokens + b.outputTokens;
  const estimated = b.estimate.inputTokens + b.estimate.outputTokens;
  const id = `batch-${b.id}`;
  return (
    <li class="batch-card" aria-labelledby={id}>
      <h3 id={id} class="batch-name">
        {nameOf(b)} · <span class="batch-state">{t(`batch.state.${b.state}`)}</span>
      </h3>
      <progress max={Math.max(b.total, 1)} value={b.done + b.failed + b.dropped} aria-labelledby={id} />
      <p class="small-text">
        {t('batch.progress', { done: b.done, total: b.total })} ·{' '}
        {t('batch.tokens', { used: number(used), estimate: number(estimated) })}
      </p>
      {b.state === 'running' && b.waiting > 0 && queueStopped.value && (
        <p class="small-text">{t(`queue.paused.${queueStopped.value.reason}`)}</p>
      )}
      {b.failed > 0 && <p class="small-text">{t('batch.failed', { n: b.failed })}</p>}
      {b.dropped > 0 && <p class="muted small-text">{t('batch.dropped', { n: b.dropped })}</p>}
      <BatchActions b={b} />
    </li>
  );
}

export function ExtractBatches() {
  const list = batches.value;
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="batches-title" class="batches">
      <h2 id="batches-title" class="form-title">
        {t('batch.list')}
      </h2>
      <ul class="batch-list">
        {list.map((b) => (
          <BatchCard key={b.id} b={b} />
        ))}
      </ul>
    </section>
  );
}
