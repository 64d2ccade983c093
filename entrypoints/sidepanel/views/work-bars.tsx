/** Every piece of long work that is running, above the current view, whatever the view. */
import { WorkProgress } from '../../../components/work-progress';
import { t } from '../../../lib/i18n';
import { WORK_KINDS } from '../../../lib/work/progress';
import { cancelWork, work } from '../models/work';

export function WorkBars() {
  const running = WORK_KINDS.map((k) => work.value[k]).filter((p) => p !== undefined);
  return (
    <section class="work-bars" aria-label={t('work.label')} hidden={!running.length}>
      {running.map((p) => (
        <WorkProgress
          key={p.kind}
          label={t(`work.kind.${p.kind}`)}
          phase={t(`work.phase.${p.phase}`)}
          done={p.done}
          total={p.total}
          unit={p.unit}
          stage={p.runId.startsWith('local-') ? 'starting' : p.cancellable ? 'cancellable' : 'committing'}
          onCancel={() => void cancelWork(p.kind)}
        />
      ))}
    </section>
  );
}
