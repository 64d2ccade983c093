/** The Activity and Insights views. `[English, 简体中文]` per key. */
export const ACTIVITY_STRINGS = {
  'activity.intro': [
    'Every time memories went into a message: where, what you were asking, and why each was chosen.',
    '每次记忆被加入消息的记录：在哪里、你问了什么、每条为什么被选中。',
  ],
  'activity.listLabel': ['Injections', '注入记录'],
  'activity.itemsLabel': ['Memories in this message', '这条消息里的记忆'],
  'activity.pastChats': ['Past chats in this message', '这条消息里的以前对话'],
  'activity.pastChatMatched': [
    'An excerpt of “{title}” ({site}): it held {share}% of the request’s words.',
    '“{title}”（{site}）的摘录：它包含请求中 {share}% 的词。',
  ],
  'activity.pastChatWindow': [
    'An excerpt of “{title}” ({site}): a chat from the time the request names.',
    '“{title}”（{site}）的摘录：请求提到的那段时间里的对话。',
  ],
  'activity.pastChatContinued': [
    'An excerpt of “{title}” ({site}): your last chat there, for a request to go on with it.',
    '“{title}”（{site}）的摘录：你在那里的上一个对话，因为请求是接着聊。',
  ],
  'activity.memories': ['{n} memory|{n} memories', '{n} 条记忆'],
  'activity.markedWrong': ['marked wrong', '已标为错误'],
  'activity.lateCarried': [
    'Not ready in time for your first message: went with your next one',
    '第一条消息发送时还没准备好：已随下一条消息发送',
  ],
  'activity.lateMissed': ['Not ready in time for your first message: not sent', '第一条消息发送时还没准备好：未发送'],
  'activity.memoryGone': ['This memory has since been deleted.', '这条记忆之后已被删除。'],
  'activity.demotedTimes': ['You marked it wrong {n} time|You marked it wrong {n} times', '你已标记它错误 {n} 次'],
  'activity.wrongDemote': ['This was wrong: lower it', '这条不对：降低权重'],
  'activity.wrongDelete': ['This was wrong: delete it', '这条不对：删除'],
  'activity.handouts': [
    'Memory blocks handed to {site} this hour: {given}, {held} held back (at most {perSite} an hour per site, {perTab} per tab).',
    '本小时交给 {site} 的记忆块：{given} 个，拦下 {held} 个（每个网站每小时最多 {perSite} 个，每个标签页 {perTab} 个）。',
  ],
  'activity.requestCalls': ['Search keywords for your requests', '请求的搜索关键词'],
  'activity.requestCallsIntro': [
    'Each call to your model for a new chat’s first message while you typed: its start (after the privacy filter), the tokens, the keywords that ranked your memories, and which of the best-matching memories and past chats it was shown it picked as helpful. Keywords are never sent to the chat.',
    '你输入新对话第一条消息时向模型发出的每次请求：草稿开头（已经隐私过滤）、token 数、用于给记忆排序的关键词，以及它从给它看的最相关记忆和过往对话中挑出的有用内容。关键词从不发送到对话中。',
  ],
  'activity.requestPicked': [
    'Picked {n} of {offered:# memory|# memories} shown:',
    '从给它看的 {offered} 条记忆中挑了 {n} 条：',
  ],
  'activity.requestPickedNone': [
    'Picked none of the {offered:# memory|# memories} shown',
    '给它看的 {offered} 条记忆一条也没挑',
  ],
  'activity.requestPickedChats': ['Past chats: picked {n} of {offered}', '过往对话：{offered} 段中挑了 {n} 段'],
  'activity.requestPickedGone': ['a memory since deleted', '已删除的记忆'],
  'activity.requestUnknownPicks': [
    'Its picks were not used: it named candidates it was not shown',
    '没有采用它的挑选：它给出了没给它看过的编号',
  ],
  'activity.requestNotJudged': [
    'It did not judge the {memories:# memory|# memories} and {chats:# past chat|# past chats} shown: ranked as without it',
    '它没有评判给它看的 {memories} 条记忆和 {chats} 段过往对话：按没有它时的排序',
  ],
  'activity.requestCallsLabel': ['Request keywords calls', '请求关键词调用'],
  'activity.requestTokens': ['{input:# token|# tokens} in, {output} out', '输入 {input} token，输出 {output}'],
  'activity.requestNone': ['No keywords: {why}', '没有关键词：{why}'],
  'activity.requestRedacted': [
    '{n} part hidden by the privacy filter|{n} parts hidden by the privacy filter',
    '隐私过滤隐藏了 {n} 处',
  ],
  'activity.empty.title': ['Nothing injected yet', '还没有注入记录'],
  'activity.empty.body': [
    'Once you have memories, start a new chat on a supported site: what goes into your message, and why, shows up here.',
    '有了记忆之后，在支持的网站上开始新对话：加入消息的内容及原因会显示在这里。',
  ],
} as const satisfies Record<string, readonly [string, string]>;
