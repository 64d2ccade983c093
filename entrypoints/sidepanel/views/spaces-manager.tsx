/**
 * Manage spaces, folded under the switcher: create, edit (name, description, isolated, end
 * date), archive and delete, each one click from the open section. Delete asks what becomes of
 * the space's memories; every change is undoable.
 */
import { SpaceForm } from '../../../components/space-form';
import { t } from '../../../lib/i18n';
import { shortDate } from '../../../lib/i18n/format';
import type { Space } from '../../../lib/memory/spaces';
import { toggleArchived } from '../models/space-actions';
import {
  askDelete,
  cancelDelete,
  cancelEditSpace,
  cancelNew,
  changeEdit,
  changeNew,
  chooseFate,
  confirmDelete,
  deleting,
  editDraft,
  managerOpen,
  newDraft,
  openNew,
  saveEditSpace,
  startEditSpace,
  submitNew,
  toggleManager,
} from '../models/space-manager';
import { groupCounts, spaces } from '../models/spaces';

function stateOf(s: Space, now: number): string[] {
  const out: string[] = [];
  if (s.archived) out.push(t('space.stateArchived'));
  else if (s.endsAt && Date.parse(s.endsAt) <= now) out.push(t('space.stateEnded', { date: shortDate(s.endsAt) }));
  else if (s.endsAt) out.push(t('space.stateEnds', { date: shortDate(s.endsAt) }));
  if (s.isolated) out.push(t('space.stateIsolated'));
  return out;
}

function DeleteAsk({ space, n }: { space: Space; n: number }) {
  const fate = deleting.value?.fate ?? 'everywhere';
  const name = `space-fate-${space.id}`;
  return (
    <fieldset class="space-delete">
      <legend>{t('space.deleteTitle', { name: space.name })}</legend>
      <label class="check">
        <input type="radio" name={name} checked={fate === 'everywhere'} onChange={() => chooseFate('everywhere')} />
        {t('space.deleteMove', { n })}
      </label>
      <label class="check">
        <input type="radio" name={name} checked={fate === 'delete'} onChange={() => chooseFate('delete')} />
        {t('space.deleteMemories', { n })}
      </label>
      <div class="form-actions">
        <button type="button" class="danger" onClick={() => void confirmDelete()}>
          {t('space.deleteConfirm')}
        </button>
        <button type="button" onClick={cancelDelete}>
          {t('common.cancel')}
        </button>
      </div>
    </fieldset>
  );
}

function SpaceRow({ space: s, now }: { space: Space; now: number }) {
  const n = groupCounts.value.get(s.id) ?? 0;
  const draft = editDraft.value?.id === s.id ? editDraft.value : null;
  const state = stateOf(s, now);
  const headId = `space-${s.id}-name`;
  return (
    <li class="space-row" aria-labelledby={headId}>
      <p class="space-head">
        <span class="space-name" id={headId}>
          {s.name}
        </span>
        <span class="muted small-text">{t('space.count', { n })}</span>
      </p>
      {s.description && <p class="space-description small-text">{s.description}</p>}
      {state.length > 0 && <p class="muted small-text">{state.join(' · ')}</p>}
      {draft ? (
        <SpaceForm
          idPrefix={`space-edit-${s.id}`}
          label={t('space.editing', { name: s.name })}
          submitLabel={t('common.save')}
          values={draft}
          onChange={changeEdit}
          onSubmit={() => void saveEditSpace(s)}
          onCancel={cancelEditSpace}
        />
      ) : (
        <div class="space-actions">
          <button type="button" class="small" onClick={() => startEditSpace(s)}>
            {t('space.edit')}
          </button>
          <button type="button" class="small" onClick={() => void toggleArchived(s)}>
            {s.archived ? t('space.unarchive') : t('space.archive')}
          </button>
          <button type="button" class="small danger" onClick={() => askDelete(s.id)}>
            {t('space.delete')}
          </button>
        </div>
      )}
      {deleting.value?.id === s.id && <DeleteAsk space={s} n={n} />}
    </li>
  );
}

export function SpacesManager() {
  if (!managerOpen.value) return null;
  const now = Date.now();
  const draft = newDraft.value;
  return (
    <section id="space-manager" class="space-manager" aria-labelledby="space-manager-title">
      <div class="space-manager-head">
        <h2 id="space-manager-title">{t('space.manageTitle')}</h2>
        <button type="button" class="small" onClick={toggleManager}>
          {t('space.done')}
        </button>
      </div>
      <p class="field-hint">{t('space.intro')}</p>
      {draft ? (
        <SpaceForm
          idPrefix="space-new"
          label={t('space.new')}
          submitLabel={t('space.create')}
          values={draft}
          onChange={changeNew}
          onSubmit={() => void submitNew()}
          onCancel={cancelNew}
        />
      ) : (
        <button type="button" class="primary" onClick={openNew}>
          {t('space.new')}
        </button>
      )}
      {spaces.value.length === 0 ? (
        <p class="muted">{t('space.none')}</p>
      ) : (
        <ul class="space-list">
          {spaces.value.map((s) => (
            <SpaceRow key={s.id} space={s} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}
