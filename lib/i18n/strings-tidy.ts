/** Tidy-up in the Memories view. `[English, 简体中文]` per key. */
export const TIDY_STRINGS = {
  'tidy.open': ['Tidy up', '整理'],
  'tidy.openWaiting': ['Tidy up ({n} waiting)', '整理（{n} 条待定）'],
  'tidy.title': ['Tidy up', '整理记忆'],
  'tidy.suggest': [
    'Your memories grew by {n} since the last tidy-up. Look for duplicates and contradictions?',
    '自上次整理以来新增了 {n} 条记忆。要查找重复和矛盾的记忆吗？',
  ],
  'tidy.notNow': ['Not now', '暂不'],
  'tidy.close': ['Close', '关闭'],
  'tidy.none': [
    'No likely duplicates or contradictions found among {n} memories.',
    '在 {n} 条记忆中没有发现可能重复或矛盾的记忆。',
  ],
  'tidy.found': [
    '{n} group of likely duplicates or contradictions found ({m} memories), on this computer, without the model.|{n} groups of likely duplicates or contradictions found ({m} memories), on this computer, without the model.',
    '已在本机（未使用模型）找到 {n} 组可能重复或矛盾的记忆（共 {m} 条）。',
  ],
  'tidy.cost': [
    'Asking the model what to do with them: about {tokens} tokens, {cost}, in {calls} call(s). Nothing is sent until you press Ask the model.',
    '请模型给出处理建议：约 {tokens} 个 token，{cost}，分 {calls} 次调用。在你按下“询问模型”之前不会发送任何内容。',
  ],
  'tidy.costTokens': [
    'Asking the model what to do with them: about {tokens} tokens in {calls} call(s) (price unknown for this model). Nothing is sent until you press Ask the model.',
    '请模型给出处理建议：约 {tokens} 个 token，分 {calls} 次调用（此模型价格未知）。在你按下“询问模型”之前不会发送任何内容。',
  ],
  'tidy.cap': [
    'Today (UTC) {used} of your {cap} daily tokens are used; the run stops before the cap and keeps what it found.',
    '今天（UTC）已用 {used} / 每日上限 {cap} 个 token；达到上限前会停止，并保留已得到的建议。',
  ],
  'tidy.tooLarge': [
    '{n} group is too large to judge in one call and is left out.|{n} groups are too large to judge in one call and are left out.',
    '{n} 组太大，无法在一次调用中判断，已跳过。',
  ],
  'tidy.needsKey': [
    'Add a key (or a local model) in Settings to ask the model.',
    '在设置中添加密钥（或本地模型）后才能询问模型。',
  ],
  'tidy.start': ['Ask the model', '询问模型'],
  'tidy.replaces': [
    'Asking again replaces the {n} proposal still waiting below.|Asking again replaces the {n} proposals still waiting below.',
    '重新询问会替换下方仍在等待的 {n} 条建议。',
  ],
  'tidy.done': ['{n} proposal to review.|{n} proposals to review.', '有 {n} 条建议待你确认。'],
  'tidy.keptAll': ['{n} group was left as it is.|{n} groups were left as they are.', '{n} 组保持不变。'],
  'tidy.dropped': [
    '{n} reference to a memory outside its group was ignored.|{n} references to memories outside their group were ignored.',
    '已忽略 {n} 处对组外记忆的引用。',
  ],
  'tidy.failed': [
    'The model’s answer for {n} call was malformed; its groups got no proposal.|The model’s answer for {n} calls was malformed; their groups got no proposal.',
    '模型在 {n} 次调用中的回答格式有误，这些组没有建议。',
  ],
  'tidy.private': [
    '{n} merged text was held back by the privacy filter.|{n} merged texts were held back by the privacy filter.',
    '{n} 条合并后的文字被隐私过滤器拦下。',
  ],
  'tidy.stoppedCap': [
    'Stopped at the daily token cap after {done} of {calls} calls; the proposals found so far are below. Raise the cap in Settings or tidy up again tomorrow for the rest.',
    '已在 {done} / {calls} 次调用后因达到每日 token 上限而停止；已得到的建议在下方。可在设置中提高上限，或明天再整理剩下的。',
  ],
  'tidy.stoppedCancel': [
    'Stopped after {done} of {calls} calls; the proposals found so far are below.',
    '已在 {done} / {calls} 次调用后停止；已得到的建议在下方。',
  ],
  'tidy.explain': [
    'Nothing changes until you accept. Merged-away and older memories become earlier versions (Details), archived ones stay listed as archived: nothing is deleted, and each accepted change can be undone on its own.',
    '在你接受之前不会有任何改动。被合并的和较旧的记忆会成为较早的版本（见详情），归档的记忆仍会列出：不会删除任何内容，每项接受的更改都可以单独撤销。',
  ],
  'tidy.listLabel': ['Tidy-up proposals', '整理建议'],
  'tidy.acceptSelected': ['Accept selected ({n})', '接受所选（{n}）'],
  'tidy.rejectSelected': ['Reject selected ({n})', '拒绝所选（{n}）'],
  'tidy.acceptAll': ['Accept all ({n})', '全部接受（{n}）'],
  'tidy.allProtected': [
    '{n} of them changes a pinned or hand-edited memory (marked below).|{n} of them change pinned or hand-edited memories (marked below).',
    '其中 {n} 条会修改置顶或手动编辑过的记忆（下方已标出）。',
  ],
  'tidy.select': ['Select this proposal', '选择此建议'],
  'tidy.action.merge': ['Merge', '合并'],
  'tidy.action.keep-newer': ['Keep the newer', '保留较新的'],
  'tidy.action.archive': ['Archive stale', '归档过时的'],
  'tidy.kind.duplicates': ['likely duplicates', '可能重复'],
  'tidy.kind.contradiction': ['likely contradiction', '可能矛盾'],
  'tidy.kind.mixed': ['duplicates and a contradiction', '重复且矛盾'],
  'tidy.protected': ['changes a pinned or hand-edited memory', '会修改置顶或手动编辑过的记忆'],
  'tidy.before': ['Before', '之前'],
  'tidy.after': ['After', '之后'],
  'tidy.after.merge': [
    'One memory says it all; the others become its earlier versions:',
    '合并为一条记忆，其余成为它的较早版本：',
  ],
  'tidy.after.keep-newer': ['Kept; the older become its earlier versions:', '保留这一条，较旧的成为它的较早版本：'],
  'tidy.after.archive': ['Archived (kept, no longer used):', '归档（保留但不再使用）：'],
  'tidy.after.unchanged': ['Unchanged:', '不变：'],
  'tidy.pinned': ['pinned', '已置顶'],
  'tidy.hand': ['edited by you', '由你编辑'],
  'tidy.why': ['Why:', '理由：'],
  'tidy.stale': [
    'Changed since this was proposed: it cannot be accepted as it is. Tidy up again for a fresh proposal.',
    '提出建议后这些记忆已有改动，不能按原样接受。请重新整理以获得新建议。',
  ],
  'tidy.accept': ['Accept', '接受'],
  'tidy.reject': ['Reject', '拒绝'],
  'tidy.accepted': ['Accepted', '已接受'],
  'tidy.acceptedNote': ['Accepted {n} change.|Accepted {n} changes.', '已接受 {n} 项更改。'],
  'tidy.staleNote': [
    '{n} proposal changed since it was made and was not applied.|{n} proposals changed since they were made and were not applied.',
    '{n} 条建议在提出后已有改动，未被应用。',
  ],
  'tidy.undoLabel': ['Tidy-up: {what}', '整理：{what}'],
  'work.kind.tidy': ['Asking the model to tidy up', '正在请模型整理记忆'],
} as const;
