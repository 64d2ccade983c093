/**
 * This tab's "Space": the current chat's space, chosen by the user or automatic (its project's
 * mapping, the site's default, none), and on a ChatGPT or Claude project chat, "Always put this
 * project in …". Only the panel shows space names; the page never sees them.
 */
import { useEffect } from 'preact/hooks';
import { SelectField } from '../../../components/select-field';
import { t } from '../../../lib/i18n';
import type { SpaceId } from '../../../lib/memory/spaces';
import { SITE_LABELS, type SiteId } from '../../../lib/sites/ids';
import { AUTO, chooseTabSpace, idOf, loadTabSpace, mapProject, NONE, optionOf, tabSpace } from '../models/chat-space';
import { fail, messageOf, say } from '../models/notice';
import { spaces } from '../models/spaces';

function nameOf(id: SpaceId | null): string {
  if (id === null) return t('chatSpace.none');
  return spaces.value.find((s) => s.id === id)?.name ?? t('chatSpace.gone');
}

/** Why the chat is where it is, when the user has not chosen. */
function reason(by: string, space: SpaceId | null): string {
  if (by === 'project') return t('chatSpace.byProject', { space: nameOf(space) });
  if (by === 'site') return t('chatSpace.bySite', { space: nameOf(space) });
  return by === 'none' ? t('chatSpace.byNone') : t('chatSpace.hint');
}

/** What the chat gets where it is: a gone choice says so; "No space" chosen gets Everywhere's only. */
function hintOf(current: { chosen: boolean; by: string; space: SpaceId | null }, choiceGone: boolean): string {
  if (choiceGone) return t('chatSpace.goneHint', { reason: reason(current.by, current.space) });
  if (!current.chosen) return reason(current.by, current.space);
  return current.space === null ? t('chatSpace.byNone') : t('chatSpace.hint');
}

/** The select's value while the chosen space no longer exists (not a space id: ids are prefixed). */
const GONE = 'gone';

async function acting(run: () => Promise<void>): Promise<void> {
  try {
    await run();
    say(() => t('chatSpace.changed'));
  } catch (error) {
    fail(messageOf(error));
  }
}

export function ThisTabSpace({ tabId, url, site }: { tabId: number; url: string; site: SiteId }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the tab moving to another page (url) may change the chat's space.
  useEffect(() => {
    void loadTabSpace(tabId);
  }, [tabId, url]);
  const current = tabSpace.value?.tabId === tabId ? tabSpace.value : null;
  if (!current) return null;
  const open = spaces.value.filter((s) => !s.archived || s.id === current.space);
  const choices = open.map((s) => ({ value: optionOf(s.id), label: s.name }));
  // A choice the background answers by a rule (not by 'choice') named a space since deleted:
  // the chat reads "Deleted space" here as in Chats, and its hint says what it gets instead.
  const choiceGone = current.chosen && current.by !== 'choice';
  const value = choiceGone ? GONE : !current.chosen ? AUTO : current.space === null ? NONE : optionOf(current.space);
  return (
    <div>
      <SelectField
        label={t('chatSpace.label')}
        value={value}
        options={[
          {
            value: AUTO,
            // What automatic gives is known only while it applies.
            label: current.chosen ? t('chatSpace.autoPlain') : t('chatSpace.auto', { space: nameOf(current.space) }),
          },
          { value: NONE, label: t('chatSpace.none') },
          ...choices,
          ...(choiceGone ? [{ value: GONE, label: t('chatSpace.gone') }] : []),
        ]}
        onChange={(v) =>
          v !== GONE &&
          void acting(() => chooseTabSpace(tabId, v === AUTO ? null : { space: v === NONE ? null : idOf(v) }))
        }
        hint={hintOf(current, choiceGone)}
      />
      {current.project && (
        <SelectField
          label={t('chatSpace.project')}
          value={current.projectSpace ? optionOf(current.projectSpace) : NONE}
          options={[{ value: NONE, label: t('chatSpace.projectNone') }, ...choices]}
          onChange={(v) => void acting(() => mapProject(tabId, current.project!, idOf(v)))}
          hint={t('chatSpace.projectHint', { site: SITE_LABELS[site] })}
        />
      )}
    </div>
  );
}
