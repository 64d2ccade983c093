/**
 * Settings → Sync. Controls, by their visible labels (English / 中文), for tests and screen
 * readers alike:
 * - text fields: "Server address" / 服务器地址, "Server user name (if it needs one)" /
 *   服务器用户名（如需要）, "Server password (if it needs one)" / 服务器密码（如需要）,
 *   "Sync passphrase" / 同步口令, "Sync passphrase again" / 再次输入同步口令,
 *   "Device name" / 设备名称 (shown while sync is off);
 * - checkboxes under "What travels": "Site modes", "Per-site budgets", "Privacy patterns",
 *   "Review settings" (on by default), "Chat history" / 对话记录 (off by default);
 * - buttons: "Turn on" / 开启, "Sync now" / 立即同步, "Turn off" / 关闭,
 *   "Remove my data from the server" / 从服务器删除我的数据, which opens an alertdialog of the
 *   same name naming the database, with "Delete it from the server" and "Cancel".
 * Status fields, in the role=status region labelled "Sync state" / 同步状态: on/off with the
 * database, host and device name; "Syncing…"; last sync; documents up/down in the last round;
 * "Offline — N changes waiting" or "N changes waiting"; quarantined documents; edits kept over
 * a deletion; texts changed on two devices. The error in plain words (role=alert) sits under the
 * buttons that ran the action (Turn on, or Sync now and Turn off). The list
 * "Devices seen" names each device and its last sync. First-sync progress is on the shared
 * work bar (kind `sync`, with its Cancel).
 */
import { useEffect, useId, useState } from 'preact/hooks';
import { t } from '../../../lib/i18n';
import { relativeTime } from '../../../lib/i18n/format';
import { DEFAULT_TRAVEL, type SyncStatus, TRAVEL_SWITCHES, type Travel } from '../../../lib/sync/schemas';
import {
  editSyncForm,
  editTravel,
  removeRemote,
  startSyncModel,
  syncBusy,
  syncError,
  syncForm,
  syncNow,
  syncStatus,
  travelDraft,
  turnOffSync,
  turnOnSync,
} from '../models/sync';

function Field(props: {
  label: string;
  value: string;
  type?: 'text' | 'password';
  onInput: (v: string) => void;
  hint?: string;
}) {
  const id = useId();
  return (
    <div class="field wide">
      <label class="field-label" for={id}>
        {props.label}
      </label>
      {props.type === 'password' ? (
        <input
          id={id}
          type="password"
          value={props.value}
          autocomplete="new-password"
          onInput={(e) => props.onInput(e.currentTarget.value)}
        />
      ) : (
        <input
          id={id}
          type="text"
          value={props.value}
          spellcheck={false}
          onInput={(e) => props.onInput(e.currentTarget.value)}
        />
      )}
      {props.hint && <span class="field-hint">{props.hint}</span>}
    </div>
  );
}

function TravelSwitches({ travel, onChange }: { travel: Travel; onChange: (t: Travel) => void }) {
  return (
    <fieldset>
      <legend>{t('sync.travelTitle')}</legend>
      <p class="muted">{t('sync.travel.memories')}</p>
      {TRAVEL_SWITCHES.map((key) => (
        <label class="check" key={key}>
          <input
            type="checkbox"
            checked={travel[key]}
            onChange={(e) => onChange({ ...travel, [key]: e.currentTarget.checked })}
          />
          {t(`sync.travel.${key}`)}
        </label>
      ))}
      <p class="muted">{t('sync.travel.chatsHint')}</p>
      <p class="muted">{t('sync.travel.never')}</p>
    </fieldset>
  );
}

function SetUp({ travel, onTravel }: { travel: Travel; onTravel: (t: Travel) => void }) {
  const f = syncForm.value;
  const problem =
    f.passphraseAgain && f.passphrase !== f.passphraseAgain
      ? t('sync.mismatch')
      : f.passphrase && f.passphrase.length < 8
        ? t('sync.short')
        : null;
  const ready = f.address && f.deviceName && f.passphrase.length >= 8 && f.passphrase === f.passphraseAgain;
  return (
    <>
      <Field
        label={t('sync.address')}
        value={f.address}
        hint={t('sync.addressHint')}
        onInput={(address) => editSyncForm({ address })}
      />
      <Field label={t('sync.username')} value={f.username} onInput={(username) => editSyncForm({ username })} />
      <Field
        label={t('sync.password')}
        type="password"
        value={f.password}
        onInput={(password) => editSyncForm({ password })}
      />
      <Field
        label={t('sync.passphrase')}
        type="password"
        value={f.passphrase}
        hint={t('sync.passphraseHint')}
        onInput={(passphrase) => editSyncForm({ passphrase })}
      />
      <Field
        label={t('sync.passphraseAgain')}
        type="password"
        value={f.passphraseAgain}
        onInput={(passphraseAgain) => editSyncForm({ passphraseAgain })}
      />
      {problem && <p class="field-hint error">{problem}</p>}
      <Field label={t('sync.deviceName')} value={f.deviceName} onInput={(deviceName) => editSyncForm({ deviceName })} />
      <TravelSwitches travel={travel} onChange={onTravel} />
      <button type="button" class="primary" disabled={!ready || syncBusy.value} onClick={() => turnOnSync(travel)}>
        {t('sync.turnOn')}
      </button>
    </>
  );
}

function host(url: string | null): string {
  try {
    return url ? new URL(url).host : '';
  } catch {
    return '';
  }
}

function StateLines({ s }: { s: SyncStatus }) {
  const lines: string[] = [];
  if (s.enabled)
    lines.push(t('sync.on', { database: s.database ?? '', host: host(s.url), device: s.deviceName ?? '' }));
  else lines.push(t('sync.off'));
  if (s.running) lines.push(t('sync.running'));
  if (s.enabled) lines.push(s.lastSync ? t('sync.lastSync', { when: relativeTime(s.lastSync) }) : t('sync.never'));
  if (s.lastSync) lines.push(t('sync.moved', { up: s.up, down: s.down }));
  if (s.waiting > 0)
    lines.push(t(s.error?.code === 'offline' ? 'sync.offlineWaiting' : 'sync.waiting', { n: s.waiting }));
  if (s.quarantined > 0) lines.push(t('sync.quarantined', { n: s.quarantined }));
  if (s.editsKept > 0) lines.push(t('sync.editsKept', { n: s.editsKept }));
  if (s.twoDeviceTexts > 0) lines.push(t('sync.twoDevices', { n: s.twoDeviceTexts }));
  return (
    <div role="status" aria-label={t('sync.state')}>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

/**
 * What went wrong, right under the buttons that ran it: the last action's refusal, else the
 * last round's error. One sentence; it goes when the next action starts or the form is edited.
 */
function SyncError({ database }: { database: string }) {
  const e = syncError.value;
  if (!e) return null;
  return (
    <p role="alert" class="status error sync-error">
      {'action' in e ? e.action : t(`sync.error.${e.code}`, { detail: e.detail, database })}
    </p>
  );
}

function Devices({ s }: { s: SyncStatus }) {
  if (s.devices.length === 0) return null;
  return (
    <>
      <h3 id="sync-devices">{t('sync.devices')}</h3>
      <ul aria-labelledby="sync-devices">
        {s.devices.map((d) => (
          <li key={`${d.name}${d.lastSync}`}>
            {t(d.here ? 'sync.thisDevice' : 'sync.deviceLine', { name: d.name, when: relativeTime(d.lastSync) })}
          </li>
        ))}
      </ul>
    </>
  );
}

function RemoveRemote({ database }: { database: string }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <button type="button" class="danger" disabled={syncBusy.value} onClick={() => setConfirming(true)}>
        {t('sync.remove')}
      </button>
      {confirming && (
        <div class="status" role="alertdialog" aria-label={t('sync.remove')}>
          <p>{t('sync.removeConfirm', { database })}</p>
          <button
            type="button"
            class="small danger"
            onClick={() => {
              setConfirming(false);
              removeRemote(database);
            }}
          >
            {t('sync.removeYes')}
          </button>{' '}
          <button type="button" class="small" onClick={() => setConfirming(false)}>
            {t('common.cancel')}
          </button>
        </div>
      )}
    </>
  );
}

export function SettingsSync() {
  useEffect(() => startSyncModel(), []);
  const [draftTravel, setDraftTravel] = useState<Travel>(DEFAULT_TRAVEL);
  const s = syncStatus.value;
  return (
    <section class="settings-section" aria-labelledby="set-sync">
      <h2 id="set-sync">{t('sync.title')}</h2>
      <p class="muted">{t('sync.intro')}</p>
      {s && <StateLines s={s} />}
      {s && !s.enabled && <SetUp travel={draftTravel} onTravel={setDraftTravel} />}
      {s && !s.enabled && <SyncError database={s.database ?? ''} />}
      {s?.enabled && (
        <>
          <Devices s={s} />
          <TravelSwitches travel={travelDraft.value ?? s.travel} onChange={editTravel} />
          <div class="actions">
            <button type="button" class="primary" disabled={syncBusy.value || s.running} onClick={syncNow}>
              {t('sync.now')}
            </button>{' '}
            <button type="button" disabled={syncBusy.value} onClick={turnOffSync}>
              {t('sync.turnOff')}
            </button>
          </div>
          <SyncError database={s.database ?? ''} />
        </>
      )}
      {s?.enabled && s.database && <RemoveRemote database={s.database} />}
    </section>
  );
}
