/**
 * What the chat page's own controls say, in the panel's language. Deliberately apart from the
 * side panel's dictionary (lib/i18n/), which is far too big to ship into every chat page:
 * the same two-languages-per-line shape, only these few lines.
 */
import type { Lang } from '../i18n/language';

const STRINGS = {
  rememberOn: ['Remember this chat: on', '记住这段对话：开'],
  rememberOff: ['Remember this chat: off', '记住这段对话：关'],
  rememberLabel: ['Remember this chat', '记住这段对话'],
  rememberHelp: [
    'On: claude-mem learns from this chat. Off: its transcript is deleted and it is not learnt from.',
    '开：claude-mem 从这段对话中学习。关：删除这段对话的记录，也不再从中学习。',
  ],
  forgotten: ["This chat's transcript was deleted.", '这段对话的记录已删除。'],
  undo: ['Undo', '撤销'],
  restored: ['Remembered again.', '已恢复记住。'],
  insert: ['Insert memories', '插入记忆'],
  insertHelp: ['Insert memories (Alt+Shift+M)', '插入记忆（Alt+Shift+M）'],
  alreadyIn: ['Memories are already in this message.', '这条消息里已经有记忆了。'],
  typeFirst: ['Type your message first.', '请先输入消息。'],
  noneForThis: ['No memories for this message.', '没有与这条消息相关的记忆。'],
  inserted: ['Memories inserted.', '已插入记忆。'],
  notInserted: ['Could not insert memories here.', '无法在这里插入记忆。'],
  notSent: ['claude-mem could not restore your message; it was not sent.', 'claude-mem 无法还原你的消息，消息未发送。'],
} as const satisfies Record<string, readonly [string, string]>;

export type PageString = keyof typeof STRINGS;

export function pageText(lang: Lang, key: PageString): string {
  return STRINGS[key][lang === 'zh' ? 1 : 0];
}
