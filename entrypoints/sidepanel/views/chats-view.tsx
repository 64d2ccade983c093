/**
 * Chats: every kept chat, newest first, and search over all their turns. `/` focuses the
 * search, the arrow keys move through the list or the results, Enter opens one.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { ChatList } from '../../../components/chat-list';
import { EmptyState } from '../../../components/empty-state';
import { PickBox } from '../../../components/pick-box';
import { SelectField } from '../../../components/select-field';
import { SnippetText } from '../../../components/snippet-text';
import { ViewPanel } from '../../../components/view-panel';
import type { HistoryChatSummary, HistoryResult } from '../../../lib/history/schemas';
import { t } from '../../../lib/i18n';
import { shortDate } from '../../../lib/i18n/format';
import { SITE_IDS, SITE_LABELS, type SiteId } from '../../../lib/sites/ids';
import {
  active,
  fromDate,
  items,
  loaded,
  loadMore,
  openChat,
  opened,
  pending,
  query,
  refresh,
  refreshList,
  results,
  resultTotal,
  runSearch,
  siteFilter,
  spaceFilter,
  toDate,
  total,
} from '../models/chats';
import { picked, startBatchModel, togglePick } from '../models/extract-batch';
import { importHistory, importing } from '../models/history-import';
import { saved } from '../models/settings';
import { spaceById, spaces } from '../models/spaces';
import { busy } from '../models/work';
import { ChatDetail } from './chat-detail';
import { ExtractBatches } from './extract-batches';
import { EstimatePanel, PickBar } from './extract-picker';

const siteName = (site: string) => (SITE_LABELS as Record<string, string>)[site] ?? site;

/** The chat's space, after its other facts; nothing for a chat in no space. */
function ChatSpace({ space }: { space: string | undefined }) {
  if (space === undefined) return null;
  const name = spaceById.value.get(space)?.name ?? t('space.gone');
  return <span>{` · ${t('space.label', { name })}`}</span>;
}

/** The row's box for "Extract memories from these". */
const Pick = ({ id, title }: { id: string; title: string }) => (
  <PickBox checked={picked.value.has(id)} label={t('batch.pickOne', { title })} onChange={(on) => togglePick(id, on)} />
);

function SummaryRow({ chat, index }: { chat: HistoryChatSummary; index: number }) {
  const title = chat.title || chat.firstWords || chat.chatId;
  return (
    <div class="chat-row-pickable">
      <Pick id={chat.chatId} title={title} />
      <button
        type="button"
        class="chat-row"
        aria-current={active.value === index ? 'true' : undefined}
        onClick={() => void openChat(chat.chatId)}
      >
        <span class="chat-row-title">{title}</span>
        <span class="muted small-text">
          {siteName(chat.site)} · {shortDate(chat.updatedAt)} · {t('chats.turns', { n: chat.turns })}
          {chat.imported && ` · ${t('chats.imported')}`}
          {chat.usedAsContext ? ` · ${t('chats.usedAsContext', { n: chat.usedAsContext })}` : ''}
          <ChatSpace space={chat.space} />
        </span>
        <span class="chat-row-first">{chat.firstWords}</span>
      </button>
    </div>
  );
}

function ResultRow({ result, index }: { result: HistoryResult; index: number }) {
  return (
    <li class="chat-result chat-row-pickable">
      <Pick id={result.chatId} title={result.title || result.chatId} />
      <button
        type="button"
        class="chat-row"
        aria-current={active.value === index ? 'true' : undefined}
        onClick={() => void openChat(result.chatId)}
      >
        <span class="chat-row-title">{result.title || result.chatId}</span>
        <span class="muted small-text">
          {siteName(result.site)} · {shortDate(result.updatedAt)} · {t('chats.turns', { n: result.turns })}
          <ChatSpace space={result.space} />
        </span>
      </button>
      <ul class="chat-hits">
        {result.hits.map((h) => (
          <li key={h.turn}>
            <span class="muted small-text">{h.role === 'user' ? t('chats.you') : t('chats.assistant')}: </span>
            <SnippetText pieces={h.snippet} />
          </li>
        ))}
      </ul>
    </li>
  );
}

function onKeys(e: KeyboardEvent, search: HTMLInputElement | null): void {
  const target = e.target as HTMLElement | null;
  const typing = target?.tagName === 'INPUT' || target?.tagName === 'TEXTAREA' || target?.tagName === 'SELECT';
  if (e.key === '/' && !typing && !opened.value) {
    e.preventDefault();
    search?.focus();
    return;
  }
  if (opened.value || (typing && target !== search)) return;
  const ids = results.value ? results.value.map((r) => r.chatId) : items.value.map((c) => c.chatId);
  if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
    e.preventDefault();
    const step = e.key === 'ArrowDown' ? 1 : -1;
    active.value = Math.min(Math.max(active.value + step, 0), Math.max(ids.length - 1, 0));
    document.querySelector(`#view-chats [aria-current="true"]`)?.scrollIntoView({ block: 'nearest' });
  } else if (e.key === 'Enter' && ids[Math.max(active.value, 0)] && (target === search || !typing)) {
    // Enter in the search box opens the first result when the arrows picked none.
    e.preventDefault();
    void openChat(ids[Math.max(active.value, 0)]!);
  }
}

function setDate(which: typeof fromDate, value: string): void {
  which.value = value;
  void refresh();
}

function Filters() {
  const sites = [
    { value: '' as const, label: t('chats.allSites') },
    ...SITE_IDS.map((id) => ({ value: id, label: SITE_LABELS[id] })),
  ];
  return (
    <div class="filter-bar" id="chat-filters">
      <SelectField<SiteId | ''>
        label={t('chats.site')}
        value={siteFilter.value}
        options={sites}
        onChange={(v) => {
          siteFilter.value = v;
          void refresh();
        }}
      />
      <SelectField
        label={t('chats.space')}
        value={spaceFilter.value}
        options={[
          { value: '', label: t('chats.anySpace') },
          { value: 'none', label: t('chats.noSpace') },
          ...spaces.value.map((s) => ({
            value: `s:${s.id}`,
            label: s.archived ? t('space.archivedName', { name: s.name }) : s.name,
          })),
        ]}
        onChange={(v) => {
          spaceFilter.value = v;
          void refresh();
        }}
      />
      <label class="field">
        <span class="field-label">{t('chats.from')}</span>
        <input type="date" value={fromDate.value} onChange={(e) => setDate(fromDate, e.currentTarget.value)} />
      </label>
      <label class="field">
        <span class="field-label">{t('chats.to')}</span>
        <input type="date" value={toDate.value} onChange={(e) => setDate(toDate, e.currentTarget.value)} />
      </label>
    </div>
  );
}

/** A button that opens the file picker (the input itself is hidden); the hint says which exports it takes. */
function ImportButton({ running }: { running: boolean }) {
  return (
    <label class={`button${running ? ' disabled' : ''}`}>
      {t('chats.import')}
      <input
        type="file"
        class="visually-hidden"
        accept=".zip,.json,application/json,application/zip"
        disabled={running}
        aria-describedby="chat-import-hint"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (file) importHistory(file);
        }}
      />
    </label>
  );
}

/** Filters folded behind one button (open while one is set), and bringing history in. */
function Tools() {
  const [unfolded, setUnfolded] = useState(false);
  const set = siteFilter.value !== '' || spaceFilter.value !== '' || fromDate.value !== '' || toDate.value !== '';
  const open = unfolded || set;
  // While an import runs its bar and Cancel are the shared ones above the view (work-bars.tsx).
  const running = importing.value || busy('history');
  return (
    <>
      <div class="chat-tools">
        <button type="button" aria-expanded={open} aria-controls="chat-filters" onClick={() => setUnfolded(!open)}>
          {t('chats.filters')}
        </button>
        <ImportButton running={running} />
      </div>
      <p id="chat-import-hint" class="field-hint">
        {running ? t('work.kind.history') : t('chats.importHint')}
      </p>
      {open && <Filters />}
    </>
  );
}

export function ChatsView() {
  const searchRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => startBatchModel(), []);
  useEffect(() => {
    void refreshList();
    const keys = (e: KeyboardEvent) => onKeys(e, searchRef.current);
    document.addEventListener('keydown', keys);
    return () => document.removeEventListener('keydown', keys);
  }, []);
  if (opened.value) {
    return (
      <ViewPanel id="chats">
        <ChatDetail chat={opened.value} />
      </ViewPanel>
    );
  }
  const keep = saved.value?.keepChatHistory ?? '1y';
  const list = results.value;
  return (
    <ViewPanel id="chats">
      <search class="search-bar">
        <label class="field search-field">
          <span class="field-label">{t('chats.search')}</span>
          <input
            ref={searchRef}
            type="search"
            value={query.value}
            placeholder={t('chats.searchHint')}
            aria-describedby="chat-search-keys"
            onInput={(e) => {
              query.value = e.currentTarget.value;
              clearTimeout(timer.current);
              timer.current = setTimeout(() => void runSearch(), 150);
            }}
          />
        </label>
      </search>
      <p id="chat-search-keys" class="field-hint">
        {t('chats.searchKeys')}
      </p>
      <Tools />
      <ExtractBatches />
      {(list ? list.length > 0 : total.value > 0) && (
        <PickBar shown={list ? list.map((r) => r.chatId) : items.value.map((c) => c.chatId)} />
      )}
      <EstimatePanel />
      {pending.value > 0 && <p class="muted small-text">{t('chats.pending', { n: pending.value })}</p>}
      {list ? (
        <section aria-label={t('chats.results')}>
          <p class="muted small-text" role="status">
            {list.length > 0 ? t('chats.resultCount', { n: resultTotal.value }) : t('chats.noResults')}
          </p>
          <ul class="chat-results">
            {list.map((r, i) => (
              <ResultRow key={r.chatId} result={r} index={i} />
            ))}
          </ul>
        </section>
      ) : loaded.value && total.value === 0 ? (
        <EmptyState title={t('chats.empty.title')}>
          <p>{t('chats.empty.body', { keep: t(`chats.keep.${keep}`) })}</p>
        </EmptyState>
      ) : (
        <>
          <p class="muted small-text">{t('chats.count', { n: total.value })}</p>
          <ChatList
            items={items.value}
            label={t('chats.list')}
            keyOf={(c) => c.chatId}
            renderItem={(c, i) => <SummaryRow chat={c} index={i} />}
            onNearEnd={() => void loadMore()}
          />
        </>
      )}
    </ViewPanel>
  );
}
