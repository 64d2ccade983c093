import { EXTRACT_BATCH_STRINGS } from './strings-extract-batch';

/** The Chats view: history search, the list, one chat, bringing history in. `[English, 简体中文]` per key. */
export const CHATS_STRINGS = {
  ...EXTRACT_BATCH_STRINGS,
  'chats.search': ['Search chats', '搜索对话'],
  'chats.searchHint': [
    'Words, "an exact phrase", site:claude — press / to search',
    '词语、"完整短语"、site:claude —— 按 / 搜索',
  ],
  'chats.site': ['Site', '网站'],
  'chats.allSites': ['All sites', '全部网站'],
  'chats.from': ['From', '起始日期'],
  'chats.to': ['To', '结束日期'],
  'chats.list': ['Chats, newest first', '对话（最新在前）'],
  'chats.results': ['Search results', '搜索结果'],
  'chats.count': ['{n} chat|{n} chats', '{n} 个对话'],
  'chats.resultCount': ['{n} chat found|{n} chats found', '找到 {n} 个对话'],
  'chats.pending': [
    '{n} chats are still being indexed; results may be incomplete.',
    '还有 {n} 个对话正在建立索引，结果可能不完整。',
  ],
  'chats.turns': ['{n} turn|{n} turns', '{n} 条消息'],
  'chats.imported': ['imported', '已导入'],
  'chats.noResults': ['No chat has all these words.', '没有对话包含所有这些词。'],
  'chats.empty.title': ['No chats yet', '还没有对话'],
  'chats.empty.body': [
    'Every chat you finish on a supported site is kept here and searchable, in English and Chinese. Chat history is kept for: {keep} (Settings → Keep chat history).',
    '你在支持的网站上完成的每个对话都会保存在这里，可用中英文搜索。对话记录保留：{keep}（设置 → 保留对话记录）。',
  ],
  'chats.keep.until-extracted': ['until its memories are extracted', '直到提取出记忆'],
  'chats.keep.30d': ['30 days', '30 天'],
  'chats.keep.1y': ['1 year', '1 年'],
  'chats.keep.forever': ['forever', '永久'],
  'chats.back': ['Back to chats', '返回对话列表'],
  'chats.openOnSite': ['Open on site', '在网站上打开'],
  'chats.extractNow': ['Extract now', '立即提取'],
  'chats.dontRemember': ["Don't remember", '不要记住'],
  'chats.delete': ['Delete', '删除'],
  'chats.deleteConfirm': [
    'Delete this chat? Its text leaves search and every backup.',
    '删除这个对话？它的文字会从搜索和所有备份中移除。',
  ],
  'chats.deleted': ['Chat deleted.', '对话已删除。'],
  'chats.forgotten': ['This chat will not be remembered.', '这个对话将不会被记住。'],
  'chats.copy': ['Copy as Markdown', '复制为 Markdown'],
  'chats.copied': ['Copied.', '已复制。'],
  'chats.export': ['Export as Markdown', '导出为 Markdown'],
  'chats.you': ['You', '你'],
  'chats.assistant': ['Assistant', '助手'],
  'chats.import': ['Bring in chat history', '导入对话记录'],
  'chats.importHint': [
    'A ChatGPT or Claude data export (the zip or its conversations.json), or this extension’s export with chat history. Imported chats are searchable, never extracted unless you ask.',
    'ChatGPT 或 Claude 的数据导出（zip 或其中的 conversations.json），或本扩展含对话记录的导出。导入的对话可搜索，除非你要求，否则不会被提取。',
  ],
  'chats.importDone': [
    'Brought in {added} new and {updated} updated chats; {kept} were kept as they were.',
    '已导入 {added} 个新对话，更新 {updated} 个；{kept} 个保持不变。',
  ],
  'chats.importCancelled': [
    'Stopped. The {n} chats brought in before are kept.',
    '已停止。之前导入的 {n} 个对话已保留。',
  ],
} as const;
