/** The Insights view. `[English, 简体中文]` per key. */
export const INSIGHTS_STRINGS = {
  'insights.byType': ['Your memories over time, by type', '记忆随时间的变化（按类型）'],
  'insights.byTypeSummary': ['Memories by type today: {list}', '当前各类型记忆数量：{list}'],
  'insights.hits': ['Memories used per day', '每天使用的记忆次数'],
  'insights.hitsSeries': ['Uses', '使用次数'],
  'insights.noHits': [
    'no memory has gone into a message yet. Start a new chat on a supported site.',
    '还没有记忆被加入消息。在支持的网站上开始一个新对话吧。',
  ],
  'insights.hitsSummary': ['{n:# use|# uses} over the last {days:# day|# days}', '最近 {days} 天共使用 {n} 次'],
  'insights.heatTitle': ['Hot and cooling memories', '热门与渐冷的记忆'],
  'insights.hot': ['hot', '热'],
  'insights.cold': ['cold', '冷'],
  'insights.neverUsed': [
    '{n} active memory never used yet|{n} active memories never used yet',
    '{n} 条有效记忆尚未被使用',
  ],
  'insights.hotList': ['Hot: used often and lately', '热门：最近常被使用'],
  'insights.coolingList': ['Going cold: used before, not lately', '渐冷：以前常用，最近没用'],
  'insights.noneYet': ['None yet.', '暂无。'],
  'insights.noneCooling': ['Nothing is cooling down.', '没有渐冷的记忆。'],
  'insights.lastUsed': ['last used {when}', '上次使用 {when}'],
  'insights.empty.title': ['Nothing to picture yet', '还没有可展示的内容'],
  'insights.empty.body': [
    'Charts of your memories appear here once claude-mem has remembered a few things.',
    'claude-mem 记住一些内容后，这里会显示记忆的图表。',
  ],
} as const satisfies Record<string, readonly [string, string]>;
