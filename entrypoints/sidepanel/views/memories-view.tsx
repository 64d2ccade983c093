/** Memories: search, filter, sort, edit in place, bulk actions, add by hand, import/export. */
import { AddMemoryForm } from '../../../components/add-memory-form';
import { MemoryList } from '../../../components/memory-list';
import { spaceOfValue, spaceOptions, spaceValue } from '../../../components/space-options';
import { ViewPanel } from '../../../components/view-panel';
import { t } from '../../../lib/i18n';
import { addDraft, addOpen, cancelAdd, changeAdd, submitAdd } from '../models/add-memory';
import { bringOpen } from '../models/bring-in';
import { keywordsOffer } from '../models/keywords';
import { loaded, memories } from '../models/memories';
import { visible } from '../models/memory-view';
import { spaces } from '../models/spaces';
import { BringInPanel } from './bring-in-panel';
import { KeywordsOffer } from './keywords-offer';
import { MemoriesBulk } from './memories-bulk';
import { MemoriesEmpty } from './memories-empty';
import { MemoriesFinder } from './memories-finder';
import { MemoriesSpaces } from './memories-spaces';
import { MemoriesToolbar } from './memories-toolbar';
import { MemoryRow } from './memory-row';
import { ReviewQueue } from './review-queue';
import { TidyPanel } from './tidy-panel';
import { TidySuggestion } from './tidy-suggestion';

export function MemoriesView() {
  const a = addDraft.value;
  return (
    <ViewPanel id="memories">
      <MemoriesToolbar />
      {addOpen.value && (
        <AddMemoryForm
          values={a}
          fromPage={a.source?.url || null}
          onChange={changeAdd}
          onSubmit={() => void submitAdd()}
          onCancel={cancelAdd}
          space={spaceValue(a.space)}
          spaceOptions={spaceOptions(spaces.value)}
          onSpace={(v) => changeAdd({ space: spaceOfValue(v) })}
        />
      )}
      <BringInPanel />
      <ReviewQueue />
      {/* One offer at a time: keywords (what an import just left) before tidy-up. */}
      <KeywordsOffer place="memories" />
      {keywordsOffer.value?.place !== 'memories' && <TidySuggestion />}
      <TidyPanel />
      {!loaded.value && <p class="empty">{t('common.loading')}</p>}
      {loaded.value && memories.value.length === 0 && !addOpen.value && !bringOpen.value && <MemoriesEmpty />}
      {loaded.value && <MemoriesSpaces />}
      {memories.value.length > 0 && <MemoriesFinder />}
      <MemoriesBulk />
      {memories.value.length > 0 && visible.value.length === 0 && <p class="empty">{t('mem.noMatch')}</p>}
      {visible.value.length > 0 && (
        <MemoryList memories={visible.value} label={t('mem.listLabel')} renderItem={(m) => <MemoryRow memory={m} />} />
      )}
    </ViewPanel>
  );
}
