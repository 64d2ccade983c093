/** The space switcher over the Memories list, with Manage spaces under it. */
import { SpaceSwitcher } from '../../../components/space-switcher';
import { t } from '../../../lib/i18n';
import { currentCount } from '../models/memories';
import { choiceOf } from '../models/space-groups';
import { managerOpen, toggleManager } from '../models/space-manager';
import { choiceKey, goneCount, groupCounts, setSpaceChoice, spaceChoice, spaces } from '../models/spaces';
import { SpacesManager } from './spaces-manager';

/** The switcher appears once there is a space (or a memory of a gone one) to choose; until then Manage spaces waits in the menu. */
export function MemoriesSpaces() {
  const shown = spaces.value.length > 0 || goneCount.value > 0 || spaceChoice.value !== 'all';
  return (
    <>
      {shown && (
        <SpaceSwitcher
          value={choiceKey.value}
          spaces={spaces.value}
          counts={groupCounts.value}
          total={currentCount.value}
          onChange={(v) => setSpaceChoice(choiceOf(v))}
          manageOpen={managerOpen.value}
          onManage={toggleManager}
        />
      )}
      {spaceChoice.value === 'gone' && <p class="field-hint">{t('space.goneHint')}</p>}
      <SpacesManager />
    </>
  );
}
