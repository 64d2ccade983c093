/** Settings → Store health, and the banner after a repair. `[English, 简体中文]` per key. */
export const STORE_STRINGS = {
  'store.title': ['Store health', '存储状态'],
  'store.hint': [
    'Checked at every browser start; records that do not read back correctly are set aside, not deleted.',
    '每次浏览器启动时检查；读不通的记录会被隔离保留，而不是删除。',
  ],
  'store.size': [
    'Uses {used} of {quota} available to this browser profile.',
    '已用 {used}，此浏览器配置可用 {quota}。',
  ],
  'store.sizeUnknown': ['The browser does not report the store’s size.', '浏览器没有提供存储大小。'],
  'store.counts': [
    '{memories:# memory record|# memory records} (older versions included), {chats:# chat|# chats}.',
    '{memories} 条记忆记录（含旧版本），{chats} 个对话。',
  ],
  'store.quarantined': [
    '{n} record set aside because it could not be read|{n} records set aside because they could not be read',
    '{n} 条记录因无法读取而被隔离',
  ],
  'store.quarantineNone': ['No damaged records.', '没有损坏的记录。'],
  'store.lastMaintenance': [
    'Last tidy-up {when}: {archived:# task|# tasks} archived, {purged:# replaced memory|# replaced memories} purged, {dropped:# old transcript|# old transcripts} deleted.',
    '上次整理 {when}：归档 {archived} 个任务，清除 {purged} 条已替换的记忆，删除 {dropped} 份旧对话记录。',
  ],
  'store.runMaintenance': ['Tidy up now', '立即整理'],
  'store.incident': [
    'The memory store could not be read on {when} and was rebuilt from the backup of {from}.',
    '{when} 记忆库无法读取，已从 {from} 的备份重建。',
  ],
  'store.incidentNoBackup': [
    'The memory store could not be read on {when} and was started empty: no good backup was found.',
    '{when} 记忆库无法读取，且没有可用的备份，已重新开始。',
  ],
  'store.incidentDismiss': ['Got it', '知道了'],
  'store.degraded': [
    'claude-mem could not read its store at {when} ({error}) and left it exactly as it is: nothing was deleted or replaced. Memories may be missing or not saved until it can be read again: free disk space if it is full, then check again, or restart the browser.',
    'claude-mem 在 {when} 无法读取它的存储（{error}），因此保持原样：没有删除或替换任何内容。在能再次读取之前，记忆可能缺失或无法保存：磁盘已满时请先释放空间，然后重新检查，或重启浏览器。',
  ],
  'store.degradedRecheck': ['Check again', '重新检查'],
  'store.degradedChecking': ['Checking…', '正在检查…'],
} as const satisfies Record<string, readonly [string, string]>;
