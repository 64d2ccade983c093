/** Settings → Connection: provider presets, auth, local mode. `[English, 简体中文]` per key. */
export const PROVIDER_STRINGS = {
  // Provider names as the picker shows them; the English ones match each preset's label.
  'provider.name.anthropic': ['Anthropic', 'Anthropic'],
  'provider.name.deepseek': ['DeepSeek', 'DeepSeek 深度求索'],
  'provider.name.moonshot-cn': ['Moonshot Kimi 月之暗面 (China)', '月之暗面 Kimi（中国）'],
  'provider.name.moonshot': ['Moonshot Kimi (international)', '月之暗面 Kimi（国际）'],
  'provider.name.zhipu': ['Zhipu GLM 智谱 (China)', '智谱 GLM（中国）'],
  'provider.name.zai': ['Z.ai GLM (international)', 'Z.ai GLM（国际）'],
  'provider.name.minimax-cn': ['MiniMax 稀宇 (China)', 'MiniMax 稀宇（中国）'],
  'provider.name.minimax': ['MiniMax (international)', 'MiniMax（国际）'],
  'provider.name.bailian': ['Alibaba Bailian 阿里云百炼 Qwen (China)', '阿里云百炼 Qwen（中国）'],
  'provider.name.bailian-intl': ['Alibaba Cloud Qwen (international)', '阿里云 Qwen（国际）'],
  'provider.name.ollama': ['Ollama (this computer)', 'Ollama（本机）'],
  'provider.name.llamacpp': ['llama.cpp server (this computer)', 'llama.cpp 服务（本机）'],
  'provider.label': ['Provider', '服务商'],
  'provider.custom': ['Custom (Anthropic-compatible)', '自定义（兼容 Anthropic）'],
  'provider.getKey': ['Get a key from {name}', '在 {name} 获取密钥'],
  'provider.price': [
    'Price: {input} input / {output} output per million tokens.',
    '价格：每百万 token 输入 {input} / 输出 {output}。',
  ],
  'provider.priceUnknown': [
    'Price unknown: Queue shows tokens only, no cost.',
    '价格未知：队列只显示 token 数，不显示费用。',
  ],
  'provider.local': [
    'Runs on this computer: no key, nothing leaves the machine, no cost.',
    '在本机运行：无需密钥，数据不出本机，不产生费用。',
  ],
  'provider.localSetup.ollama': [
    'Ollama refuses browser extensions until they are allowed: start it with OLLAMA_ORIGINS={origin}.',
    'Ollama 默认拒绝浏览器扩展：请以 OLLAMA_ORIGINS={origin} 启动。',
  ],
  'provider.localSetup.llamacpp': [
    'Start llama-server with --jinja so tool calls work.',
    '请以 --jinja 启动 llama-server，才能使用工具调用。',
  ],
  'provider.auth': ['Key sent as', '密钥发送方式'],
  'provider.auth.bearer': ['Authorization: Bearer header', 'Authorization: Bearer 请求头'],
  'provider.auth.x-api-key': ['x-api-key header', 'x-api-key 请求头'],
  'provider.auth.none': ['No key (local server)', '不发送密钥（本地服务）'],
  'provider.noKeyNeeded': ['No key is needed for this provider.', '此服务商不需要密钥。'],
  'provider.models': ['Models it serves: {list} (or type another).', '可用模型：{list}（也可输入其他）。'],
  'provider.baseUrlProblem.invalid': ['Not a valid address.', '不是有效地址。'],
  'provider.baseUrlProblem.not_https': [
    'Plain http is only allowed to this computer (localhost, 127.x.x.x, [::1]); use https.',
    '明文 http 仅允许连接本机（localhost、127.x.x.x、[::1]）；请使用 https。',
  ],
  'provider.baseUrlProblem.credentials': [
    'Remove the user name and password from the address.',
    '请从地址中去掉用户名和密码。',
  ],
  'conn.problem.no_forced_tool': [
    'This endpoint does not support forced tool use, which extraction needs: it answered without calling the tool. Pick another model or provider.',
    '此接口不支持强制工具调用，而提取需要它：它没有调用工具就作答了。请换一个模型或服务商。',
  ],
  'conn.problem.insecure_base_url': [
    'This base URL is not allowed: use https, or plain http only to this computer.',
    '不允许此 Base URL：请使用 https，或仅对本机使用明文 http。',
  ],
  'conn.problem.consent': ['Nothing was sent: accept the notice above first.', '未发送任何内容：请先接受上方的说明。'],
  'conn.problem.redirect': [
    'The endpoint answered with a redirect to another address. Model calls never follow one, so neither your key nor any text went there. Check the base URL.',
    '该接口返回了跳转到其他地址的重定向。模型调用从不跟随重定向，因此你的密钥和任何文字都没有发往那里。请检查 Base URL。',
  ],
  // The notice before the first call to each provider outside this computer (PRIVACY.md), naming
  // who receives: a preset's name and host, or the host alone.
  'consent.title': ['Before anything is sent to {provider}', '在向 {provider} 发送任何内容之前'],
  'consent.body': [
    'To pick out what is worth remembering, claude-mem sends {provider}, with your key, the text of the chats you finish on sites where learning is on (ID numbers, card numbers, keys and passwords removed first) together with the memories related to them; while you type the first message of a new chat, that message (filtered the same way) and the memories and past-chat excerpts that best match it (filtered too), to find the memories it needs, unless you turn that off in Settings; and, only when you start them, the memories that Tidy up, Add keywords or Refine work on. {provider} handles this text under its own terms. Nothing is ever sent to the makers of claude-mem, and nothing is sent to {provider} until you agree.',
    '为了挑出值得记住的内容，claude-mem 会用你的密钥把你在已开启学习的网站上结束的对话文字（先去掉身份证号、银行卡号、密钥和密码）连同相关的记忆发送给 {provider}；在你输入新对话的第一条消息时，也会发送这条消息以及与它最相关的记忆和过往对话片段（同样先过滤），用来找出它需要的记忆，除非你在设置中关闭；只有在你亲自启动“整理”“添加关键词”或“细化类型”时，才会发送它们处理的记忆。{provider} 按其自己的条款处理这些文字。claude-mem 的开发者永远收不到任何内容；在你同意之前，也不会向 {provider} 发送任何内容。',
  ],
  'consent.local': [
    'Want nothing to leave this computer? Pick Ollama or llama.cpp: no key, no notice, nothing sent.',
    '希望数据不出本机？请选择 Ollama 或 llama.cpp：无需密钥，无需同意，不发送任何内容。',
  ],
  'consent.accept': ['I agree', '我同意'],
  'consent.policy': ['Privacy policy', '隐私政策'],
  'consent.withdraw': ['Withdraw', '撤回'],
  'consent.alsoAgreed': ['Also agreed: {host} (on {date}).', '也已同意：{host}（{date}）。'],
  'consent.accepted': [
    'You agreed on {date} to send chats to {provider}. Another provider or address asks again.',
    '你已于 {date} 同意把对话发送给 {provider}。换用其他服务商或地址时会再次询问。',
  ],
} as const satisfies Record<string, readonly [string, string]>;
