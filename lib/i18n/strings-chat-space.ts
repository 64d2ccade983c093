/** A chat's space: This tab's choice, the project mapping, each site's default space. `[English, 简体中文]`. */
export const CHAT_SPACE_STRINGS = {
  'chatSpace.label': ['Space', '空间'],
  'chatSpace.auto': ['Automatic ({space})', '自动（{space}）'],
  'chatSpace.autoPlain': ['Automatic', '自动'],
  'chatSpace.none': ['No space', '无空间'],
  'chatSpace.gone': ['Deleted space', '已删除的空间'],
  'chatSpace.byProject': ['Its project is in {space}.', '它的项目在“{space}”里。'],
  'chatSpace.bySite': ['{space} is this site’s default space.', '“{space}”是这个网站的默认空间。'],
  'chatSpace.byNone': [
    'No space: it gets only the Everywhere memories (those about you in general).',
    '无空间：只会带上“所有空间通用”的记忆（关于你本人的通用记忆）。',
  ],
  'chatSpace.hint': [
    'This chat gets its space’s memories and the Everywhere ones (only its own in an isolated space), never another space’s. On a new chat, the choice goes with it.',
    '这个对话会带上所在空间的记忆和“所有空间通用”的记忆（隔离的空间只带自己的），绝不带其他空间的。在新对话里选择的空间会跟随这个对话。',
  ],
  'chatSpace.project': ['Always put this project in', '始终把这个项目放进'],
  'chatSpace.projectNone': ['No space (not mapped)', '不放进任何空间（不映射）'],
  'chatSpace.projectHint': [
    'Every chat in this {site} project goes in that space, unless you choose another for a chat.',
    '这个 {site} 项目里的每个对话都会放进该空间，除非你为某个对话另选空间。',
  ],
  'chatSpace.siteDefault': ['Default space', '默认空间'],
  'chatSpace.siteDefaultFor': ['Default space for {site}', '{site} 的默认空间'],
  'chatSpace.siteDefaultHint': [
    'Its chats go in this space unless you choose otherwise or map their project.',
    '它的对话会放进这个空间，除非你另选或映射了它们的项目。',
  ],
  'chatSpace.goneHint': [
    'The space chosen for this chat was deleted, so it follows the automatic rule again. {reason}',
    '为这个对话选择的空间已被删除，所以它重新按自动规则归属。{reason}',
  ],
  'chatSpace.changed': ['Space changed.', '空间已更改。'],
  'activity.space': ['Space: {space}', '空间：{space}'],
} as const satisfies Record<string, readonly [string, string]>;
