/**
 * Settings → Desktop tools (MCP): the three switches, which spaces tools may read, the bridge's
 * state and who called lately.
 */
import { useEffect } from 'preact/hooks';
import { SettingsSection } from '../../../components/settings-section';
import { ToolCallList } from '../../../components/tool-call-list';
import type { BridgeStatus } from '../../../lib/bridge/status';
import { t } from '../../../lib/i18n';
import type { DesktopTools } from '../../../lib/settings/schema';
import { bridgeStatus, desktopShown, editDesktopTools, startDesktopToolsModel } from '../models/desktop-tools';

const INSTALL_COMMAND = 'npm run bridge:install';

function StateLine({ status }: { status: BridgeStatus }) {
  if (status.state === 'not-installed') {
    return (
      <div role="status" class="bridge-state">
        <p>{t('bridge.state.not-installed')}</p>
        <pre>
          <code>{INSTALL_COMMAND}</code>
        </pre>
        <p class="muted">{t('bridge.afterInstall')}</p>
      </div>
    );
  }
  const text =
    status.state === 'failed'
      ? t('bridge.state.failed', { error: status.error ?? '' })
      : t(`bridge.state.${status.state}`);
  return (
    <p role="status" class="bridge-state">
      {text}
    </p>
  );
}

/** One switch, showing the user's unsaved choice (Save settings writes it). */
type SwitchField = 'enabled' | 'allowAdd' | 'allowSiteScoped' | 'searchChats';

function Switch({ field, label, tools }: { field: SwitchField; label: string; tools: DesktopTools }) {
  const off = field !== 'enabled' && !tools.enabled;
  return (
    <label class="check">
      <input
        type="checkbox"
        checked={tools[field]}
        disabled={off}
        onChange={(e) => editDesktopTools({ [field]: e.currentTarget.checked })}
      />
      {label}
    </label>
  );
}

/**
 * A tick per space: ticked, tools may read it. A space never ticked nor unticked shows what
 * applies to it (readable unless isolated); an archived one is never read, so its tick is off.
 */
function SpaceTicks({ status, tools }: { status: BridgeStatus; tools: DesktopTools }) {
  if (status.spaces.length === 0) return null;
  return (
    <fieldset disabled={!tools.enabled}>
      <legend>{t('bridge.spaces')}</legend>
      <p class="muted">{t('bridge.spacesNote')}</p>
      {status.spaces.map((s) => (
        <label class="check" key={s.id}>
          <input
            type="checkbox"
            checked={!s.closed && (tools.spaces[s.id] ?? !s.isolated)}
            disabled={s.closed}
            onChange={(e) => editDesktopTools({ spaces: { ...tools.spaces, [s.id]: e.currentTarget.checked } })}
          />
          {s.closed
            ? t('bridge.spaceArchived', { name: s.name })
            : s.isolated
              ? t('bridge.spaceIsolated', { name: s.name })
              : s.name}
        </label>
      ))}
    </fieldset>
  );
}

export function SettingsDesktopTools() {
  useEffect(() => startDesktopToolsModel(), []);
  const status = bridgeStatus.value;
  const tools = desktopShown.value;
  return (
    <SettingsSection id="set-desktop-tools" title={t('bridge.title')}>
      <p class="muted">{t('bridge.intro')}</p>
      {status && tools && (
        <>
          <Switch field="enabled" label={t('bridge.enabled')} tools={tools} />
          <Switch field="allowAdd" label={t('bridge.allowAdd')} tools={tools} />
          <Switch field="allowSiteScoped" label={t('bridge.allowSiteScoped')} tools={tools} />
          <Switch field="searchChats" label={t('bridge.searchChats')} tools={tools} />
          <SpaceTicks status={status} tools={tools} />
          <StateLine status={status} />
          <h3>{t('bridge.recent')}</h3>
          {status.recent.length === 0 ? (
            <p class="muted">{t('bridge.none')}</p>
          ) : (
            <ToolCallList calls={status.recent} label={t('bridge.recent')} />
          )}
        </>
      )}
    </SettingsSection>
  );
}
