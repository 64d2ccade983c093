/** Desktop tools (the MCP bridge) in Settings and Activity. `[English, 简体中文]` per key. */
export const BRIDGE_STRINGS = {
  'bridge.title': ['Desktop tools (MCP)', '桌面工具（MCP）'],
  'bridge.intro': [
    'Let Claude Desktop, Claude Code and Cursor search your memories through a bridge on this computer: no network port, nothing leaves the machine. Off until you turn it on; every call is listed in Activity.',
    '让 Claude Desktop、Claude Code 和 Cursor 通过本机上的桥接程序搜索你的记忆：不开网络端口，数据不离开本机。默认关闭；每次调用都会记录在“活动”中。',
  ],
  'bridge.enabled': ['Use my memory in desktop tools', '在桌面工具中使用我的记忆'],
  'bridge.allowAdd': [
    'Let desktop tools add memories (they wait for your review)',
    '允许桌面工具添加记忆（需你确认后才生效）',
  ],
  'bridge.allowSiteScoped': ['Include memories kept to one site', '包括仅限某个网站的记忆'],
  'bridge.searchChats': [
    'Let tools search my past chats (short excerpts, never chats I asked not to remember)',
    '允许工具搜索我以前的对话（简短摘录，不包括我要求不要记住的对话）',
  ],
  'bridge.state.off': ['Off.', '已关闭。'],
  'bridge.state.no-permission': [
    'The browser did not grant claude-mem permission to talk to the bridge. Turn the switch off and on again to be asked.',
    '浏览器未授予 claude-mem 与桥接程序通信的权限。关闭再打开开关即可重新请求。',
  ],
  'bridge.state.connecting': ['Connecting to the bridge…', '正在连接桥接程序…'],
  'bridge.state.connected': ['Connected: desktop tools can reach your memory.', '已连接：桌面工具可以使用你的记忆。'],
  'bridge.state.not-installed': [
    'The bridge is not installed on this computer. In the claude-mem folder, run:',
    '本机尚未安装桥接程序。在 claude-mem 文件夹中运行：',
  ],
  'bridge.state.failed': ['The bridge stopped: {error}', '桥接程序已停止：{error}'],
  'bridge.afterInstall': [
    'It prints what to add to Claude Desktop, Claude Code or Cursor. Then turn this switch off and on again.',
    '它会打印需要加到 Claude Desktop、Claude Code 或 Cursor 的配置。然后关闭再打开此开关。',
  ],
  'bridge.recent': ['Recent calls', '最近的调用'],
  'bridge.none': ['No desktop tool has called yet.', '还没有桌面工具调用过。'],
  'bridge.tool.search_memories': ['searched', '搜索了'],
  'bridge.tool.get_profile': ['read your profile', '读取了你的概况'],
  'bridge.tool.remember': ['proposed a memory', '提议了一条记忆'],
  'bridge.tool.search_chats': ['searched your past chats', '搜索了你以前的对话'],
  'bridge.out': ['{n} memory went out|{n} memories went out', '发出 {n} 条记忆'],
  'bridge.refused': ['refused: {why}', '已拒绝：{why}'],
  'bridge.textKeptOut': ['({n} character, not kept)|({n} characters, not kept)', '（{n} 个字符，未保存）'],
  'bridge.activity': ['Desktop tools', '桌面工具'],
  'bridge.activityIntro': [
    'Every call from Claude Desktop, Claude Code, Cursor or another desktop tool: which one, what it asked, and which memories went out.',
    '来自 Claude Desktop、Claude Code、Cursor 等桌面工具的每次调用：是哪个工具、问了什么、发出了哪些记忆。',
  ],
  'bridge.callsLabel': ['Desktop tool calls', '桌面工具调用'],
  'bridge.spaces': ['Spaces desktop tools may read', '桌面工具可读取的空间'],
  'bridge.spacesNote': [
    'Memories about you in general (in no space) are always readable. An isolated space is read only once ticked; an archived one never.',
    '关于你本人的通用记忆（不属于任何空间）始终可读。隔离的空间只有勾选后才可读；已归档的空间永不读取。',
  ],
  'bridge.spaceIsolated': ['{name} (isolated)', '{name}（隔离）'],
  'bridge.spaceArchived': ['{name} (archived)', '{name}（已归档）'],
  'bridge.inSpace': ['in {space}', '在 {space} 中'],
} as const satisfies Record<string, readonly [string, string]>;
