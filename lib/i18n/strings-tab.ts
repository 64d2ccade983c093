/** The This tab view. `[English, 简体中文]` per key. */
export const TAB_STRINGS = {
  'tab.noSite.title': ['This tab is not a chat site', '当前页不是聊天网站'],
  'tab.noSite.body': [
    'Open a chat on one of these sites to see what claude-mem reads there and what it would add to your next message.',
    '在以下网站打开一个对话，即可在这里看到 claude-mem 读取的内容，以及下一条消息会带上哪些记忆。',
  ],
  'tab.modeLegend': ['How memories go in on {site}', '在 {site} 上如何加入记忆'],
  'tab.dontRemember': ['Don’t remember this chat', '不要记住这个对话'],
  'tab.dontRememberHint': [
    'Its transcript is dropped and nothing from it becomes a memory.',
    '它的记录会被丢弃，其中的内容不会成为记忆。',
  ],
  'tab.excludeUnavailable': [
    'Reload the chat page to use this switch (claude-mem has not reached this page yet).',
    '请刷新聊天页面后再使用此开关（claude-mem 尚未连接到此页面）。',
  ],
  'tab.newChatHint': [
    'A new chat: this switch works once its first message is sent. The “Remember this chat” switch by the message box works now.',
    '这是一个新对话：发送第一条消息后即可使用此开关。消息框旁的“记住这段对话”开关现在就能用。',
  ],
  'tab.extractNow': ['Extract this chat now', '现在从这个对话提取记忆'],
  'tab.extractNowHint': [
    'Without waiting for the chat to go idle: new memories show under Memories when it is done.',
    '不必等对话闲置：完成后新记忆会出现在“记忆”中。',
  ],
  'tab.extracting': ['Extracting this chat.', '正在从这个对话提取记忆。'],
  'tab.previewTitle': ['Would be added to your next message', '下一条消息会带上的记忆'],
  'tab.draft': ['Draft', '草稿'],
  'tab.draftPlaceholder': ['What you are about to ask…', '你准备问的问题…'],
  'tab.previewEmpty': [
    'Type in the chat box, or here, to see which memories would go in.',
    '在聊天框或这里输入内容，即可看到会加入哪些记忆。',
  ],
  'tab.pageTitle': ['On this page', '此页面'],
  'tab.pastChats': ['From your past chats', '来自你以前的对话'],
  'tab.pastChatUntitled': ['untitled', '无标题'],
  'tab.pastChatContinuation': [
    'Your last chat here: your message reads as going on with it.',
    '你在这里的上一个对话：你的消息像是接着它说的。',
  ],
  'tab.pastChatMatch': ['Holds {share}% of the words of your message.', '包含你消息中 {share}% 的词。'],
  'tab.excerptUser': ['User:', '用户：'],
  'tab.excerptAssistant': ['Assistant:', '助手：'],
  'tab.pastChatWindow': ['From the time your message names.', '来自你的消息提到的那段时间。'],
  'tab.pastChatRemove': ['Remove', '移除'],
  'tab.previewNone': [
    'No memory fits this draft: nothing would be added.',
    '没有适合这条草稿的记忆，不会加入任何内容。',
  ],
  'tab.previewSummary': [
    '{memories:# memory|# memories}, about {tokens} of {budget:# token|# tokens}',
    '{memories} 条记忆，约 {tokens} / {budget} 个 token',
  ],
  'tab.previewSummaryExcerpts': [
    '{memories:# memory|# memories} and {excerpts:# past-chat excerpt|# past-chat excerpts}, about {tokens} of {budget:# token|# tokens}',
    '{memories} 条记忆和 {excerpts} 段以前对话的摘录，约 {tokens} / {budget} 个 token',
  ],
  'tab.previewList': ['Memories for this message', '本条消息的记忆'],
  'tab.keywordsTitle': ['Search keywords for this draft', '这条草稿的搜索关键词'],
  'tab.keywordsList': [
    'Search keywords from your model for this draft (used to rank, never sent): {list}',
    '你的模型为这条草稿给出的搜索关键词（只用于排序，不会发送）：{list}',
  ],
  'tab.keywordsSame': ['They changed nothing here.', '它们没有改变这里的结果。'],
  'tab.keywordsAdded': ['Brought in by the keywords:', '关键词带来的记忆：'],
  'tab.keywordsDropped': ['Moved out by the keywords:', '因关键词而移出的记忆：'],
  'tab.include': ['Include', '加入'],
  'tab.excludeHint': [
    'Switched-off memories are left out of this message only; they stay in your store.',
    '关掉的记忆只在这条消息中不加入，仍然保留在你的记忆库里。',
  ],
  'health.label': ['Site support:', '网站支持：'],
  'health.checking': ['checking…', '检查中…'],
  'health.working': ['working', '正常'],
  'health.composer_missing': ['chat box not found', '找不到输入框'],
  'health.messages_missing': ['messages not found', '找不到消息'],
  'health.reading_problems': ['reading problems', '读取有问题'],
  'health.not_connected': ['not connected to this page', '未连接到此页面'],
  'health.unknown': ['cannot check yet', '暂时无法检查'],
  'health.composer_missing.hint': [
    'Memories cannot be added here until the page layout is recognised. Your chats are still read.',
    '在识别此页面布局之前无法加入记忆，但对话仍会被读取。',
  ],
  'health.messages_missing.hint': [
    'This page’s messages cannot be read, so nothing here will be remembered. The site may have changed.',
    '无法读取此页面的消息，因此不会记住这里的内容。网站可能已改版。',
  ],
  'health.reading_problems.hint': [
    'What claude-mem reads from this page does not look right, so what it remembers from here may be wrong. The site has probably changed; please report it.',
    'claude-mem 从此页面读到的内容看起来不对，因此从这里记住的内容可能有误。网站可能已改版，请反馈此问题。',
  ],
  'problem.label_in_text': [
    'A message starts with a label the site shows for screen readers or around its thinking panel.',
    '有消息以网站为读屏软件或思考面板显示的标签开头。',
  ],
  'problem.user_turns_empty': ['Answers are read, but none of your messages.', '读到了回答，但没有读到你的任何消息。'],
  'problem.answer_unfinished': [
    'An answer has looked unfinished for more than five minutes.',
    '有一条回答超过五分钟仍显示未完成。',
  ],
  'health.not_connected.hint': ['Reload the page so claude-mem can reach it.', '刷新页面，让 claude-mem 连接到它。'],
  'health.unknown.hint': [
    'This build cannot ask the page yet; the preview below still works.',
    '当前版本还无法询问页面状态；下面的预览仍然可用。',
  ],
} as const satisfies Record<string, readonly [string, string]>;
