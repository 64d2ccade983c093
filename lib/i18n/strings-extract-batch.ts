/**
 * "Extract memories from these" in the Chats view: picking chats, the estimate, the batches.
 * `[English, 简体中文]` per key; spread into the Chats strings.
 */
export const EXTRACT_BATCH_STRINGS = {
  'batch.pickOne': ['Pick “{title}”', '选择“{title}”'],
  'batch.picked': ['{n} chat picked|{n} chats picked', '已选 {n} 个对话'],
  'batch.pickShown': ['Select all shown', '全选所显示的'],
  'batch.pickFiltered': [
    'Pick this chat to extract memories|Pick all {n} to extract memories',
    '全选这 {n} 个以提取记忆',
  ],
  'batch.tooMany': ['At most {max:# chat|# chats} at a time: pick fewer.', '一次最多 {max} 个对话：请少选一些。'],
  'batch.clear': ['Clear the picks', '清除选择'],
  'batch.extract': ['Extract memories from these', '从这些对话中提取记忆'],
  'batch.estimateTitle': ['Before anything is sent', '发送之前'],
  'batch.estimating': ['Working out the estimate…', '正在估算…'],
  'batch.estimateChats': ['{n} chat to extract|{n} chats to extract', '将提取 {n} 个对话'],
  'batch.estimateCalls': [
    '{calls:# model call|# model calls}, about {input} input and {output:# output token|# output tokens}',
    '{calls} 次模型调用，约 {input} 输入令牌和 {output} 输出令牌',
  ],
  'batch.estimatePrice': ['About {price} at {model}’s list price.', '按 {model} 的标价约 {price}。'],
  'batch.estimateNoPrice': ['No price is known for {model}: tokens only.', '不知道 {model} 的价格：仅显示令牌数。'],
  'batch.capNone': ['No daily token cap is set: all of them can run today.', '未设置每日令牌上限：今天可以全部运行。'],
  'batch.capFit': [
    'Today’s cap ({used} of {cap:# token|# tokens} used) leaves room for {fit} of them; the rest wait for tomorrow (UTC).',
    '今日上限（已用 {used} / {cap} 令牌）还够 {fit} 个；其余等到明天（UTC）。',
  ],
  'batch.capAll': [
    'Today’s cap ({used} of {cap:# token|# tokens} used) leaves room for all of them.',
    '今日上限（已用 {used} / {cap} 令牌）够全部运行。',
  ],
  'batch.already': [
    '{n} picked chat was extracted before.|{n} picked chats were extracted before.',
    '所选对话中有 {n} 个以前已提取过。',
  ],
  'batch.reextract': ['Extract those again', '重新提取这些对话'],
  'batch.skipAlready': ['They are skipped.', '它们将被跳过。'],
  'batch.unavailable': [
    '{n} picked chat is gone or forgotten and is left out.|{n} picked chats are gone or forgotten and are left out.',
    '所选对话中有 {n} 个已删除或不再记住，不会提取。',
  ],
  'batch.proposedNote': [
    'What comes out of imported chats waits in Memories for your review: nothing is used before you accept it.',
    '从导入的对话中提取的内容会在“记忆”中等待你审阅：你接受之前不会被使用。',
  ],
  'batch.confirm': ['Queue {n} chat|Queue {n} chats', '加入队列（{n} 个对话）'],
  'batch.nothing': ['Nothing to extract among the picked chats.', '所选对话中没有需要提取的。'],
  'batch.started': ['Queued {n} chat.|Queued {n} chats.', '已将 {n} 个对话加入队列。'],
  'batch.list': ['Extraction batches', '提取批次'],
  'batch.name': ['{n} chat picked on {date}|{n} chats picked on {date}', '{date} 选择的 {n} 个对话'],
  'batch.progress': ['{done} of {total} done', '已完成 {done} / {total}'],
  'batch.tokens': ['{used:# token|# tokens} used of about {estimate} estimated', '已用 {used} 令牌，估计约 {estimate}'],
  'batch.failed': ['{n} failed (see Queue)', '{n} 个失败（见“队列”）'],
  'batch.dropped': ['{n} left out (cancelled, deleted or forgotten)', '{n} 个未提取（已取消、删除或不再记住）'],
  'batch.state.running': ['Running', '运行中'],
  'batch.state.paused': ['Paused', '已暂停'],
  'batch.state.cancelled': ['Cancelled', '已取消'],
  'batch.state.done': ['Finished', '已完成'],
  'batch.pause': ['Pause', '暂停'],
  'batch.resume': ['Resume', '继续'],
  'batch.cancel': ['Cancel the rest', '取消其余'],
  'batch.dismiss': ['Remove from the list', '从列表中移除'],
  'batch.cancelled': [
    'Cancelled: {n} chat not started is dropped; what finished is kept.|Cancelled: {n} chats not started are dropped; what finished is kept.',
    '已取消：未开始的 {n} 个对话已移除；已完成的保留。',
  ],
} as const;
