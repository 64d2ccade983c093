/**
 * The fixed site ids (part of the memory JSON format: a memory's `scope` is `global` or one of
 * these) and the pages each one covers. Adapters, host permissions and the content script's
 * matches are all derived from this list, so a site is added in one place.
 */
export const SITE_IDS = [
  'chatgpt',
  'claude',
  'gemini',
  'deepseek',
  'perplexity',
  'kimi',
  'doubao',
  'qwen',
  'grok',
] as const;

export type SiteId = (typeof SITE_IDS)[number];

/** How claude-mem behaves on a site: inject on the first send, on request, or not at all. */
export const SITE_MODES = ['auto', 'manual', 'off'] as const;
export type SiteMode = (typeof SITE_MODES)[number];

export const SITE_MATCHES: Readonly<Record<SiteId, readonly string[]>> = {
  // chat.openai.com still redirects to chatgpt.com and is still linked from elsewhere.
  chatgpt: ['https://chatgpt.com/*', 'https://chat.openai.com/*'],
  claude: ['https://claude.ai/*'],
  gemini: ['https://gemini.google.com/*'],
  deepseek: ['https://chat.deepseek.com/*'],
  perplexity: ['https://www.perplexity.ai/*', 'https://perplexity.ai/*'],
  // kimi.moonshot.cn redirects to www.kimi.com.
  kimi: ['https://www.kimi.com/*', 'https://kimi.com/*', 'https://kimi.moonshot.cn/*'],
  doubao: ['https://www.doubao.com/*', 'https://doubao.com/*'],
  // 通义 moved from tongyi.com to qianwen.com in 2025; the old hosts (tongyi.com, tongyi.aliyun.com,
  // qianwen.aliyun.com) still redirect there.
  qwen: [
    'https://chat.qwen.ai/*',
    'https://qianwen.com/*',
    'https://www.qianwen.com/*',
    'https://www.tongyi.com/*',
    'https://tongyi.com/*',
    'https://tongyi.aliyun.com/*',
    'https://qianwen.aliyun.com/*',
  ],
  grok: ['https://grok.com/*'],
};

export const SITE_LABELS: Readonly<Record<SiteId, string>> = {
  chatgpt: 'ChatGPT',
  claude: 'Claude',
  gemini: 'Gemini',
  deepseek: 'DeepSeek',
  perplexity: 'Perplexity',
  kimi: 'Kimi',
  doubao: '豆包 Doubao',
  qwen: '通义 Qwen',
  grok: 'Grok',
};

export const ALL_SITE_MATCHES: readonly string[] = SITE_IDS.flatMap((id) => SITE_MATCHES[id]);

export function isSiteId(value: unknown): value is SiteId {
  return typeof value === 'string' && (SITE_IDS as readonly string[]).includes(value);
}

/** Which site a page URL belongs to, by the same match patterns the manifest uses. */
export function siteForUrl(url: string | URL): SiteId | null {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:') return null;
  for (const id of SITE_IDS) {
    for (const pattern of SITE_MATCHES[id]) {
      const host = pattern.slice('https://'.length, pattern.indexOf('/', 'https://'.length));
      if (parsed.hostname === host) return id;
    }
  }
  return null;
}
