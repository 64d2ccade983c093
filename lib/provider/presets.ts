/**
 * Provider presets for Settings → Connection: every endpoint here speaks the Anthropic
 * Messages API, so the one SDK call works against all of them. Each entry was checked against
 * the provider's own documentation (the URL in `source`, read 2026-12-01); what could not be
 * checked there says so in `unverified`, and is listed in docs/providers.md's table.
 * Prices are per million tokens, uncached input / output, in the provider's own currency;
 * `prices: []` means "price unknown": the panel then shows tokens only.
 */

export const AUTH_STYLES = ['x-api-key', 'bearer', 'none'] as const;
/** How the key travels: `x-api-key: KEY`, `authorization: Bearer KEY`, or not at all. */
export type AuthStyle = (typeof AUTH_STYLES)[number];

export type Currency = 'USD' | 'CNY';

/** [model-id prefix, input per MTok, output per MTok]; most specific prefix first. */
export type PriceRow = readonly [prefix: string, input: number, output: number];

export interface ProviderPreset {
  readonly id: string;
  readonly label: string;
  readonly baseUrl: string;
  readonly auth: AuthStyle;
  /** Offered in the model field; the first is the default. The field stays editable. */
  readonly models: readonly string[];
  readonly currency: Currency;
  readonly prices: readonly PriceRow[];
  /** Where the user gets a key; null for local servers. */
  readonly keyUrl: string | null;
  /** The server runs on this computer: nothing leaves the machine. */
  readonly local: boolean;
  /** The provider's own page this entry was checked against. */
  readonly source: string;
  /** What its own docs did not confirm (shown nowhere in the UI; kept for docs/providers.md). */
  readonly unverified: string;
}

/**
 * Anthropic, the default. Prices from the models overview (Haiku 4.5 $1/$5, Sonnet 5 $2/$10,
 * Opus 5 $5/$25, Fable 5.1 $10/$50) and the earlier Claude 4 / 3.x list prices. Only
 * `claude-haiku-4-5` is offered: the crawl of the overview did not include the ID cells of the
 * 5-series, so those IDs are not typed in for the user.
 * Source: https://platform.claude.com/docs/en/models/overview
 */
const ANTHROPIC: ProviderPreset = {
  id: 'anthropic',
  label: 'Anthropic',
  baseUrl: 'https://api.anthropic.com',
  auth: 'bearer',
  models: ['claude-haiku-4-5'],
  currency: 'USD',
  prices: [
    ['claude-haiku-4', 1, 5],
    ['claude-3-5-haiku', 0.8, 4],
    ['claude-3-haiku', 0.25, 1.25],
    ['claude-sonnet-5', 2, 10],
    ['claude-sonnet-4', 3, 15],
    ['claude-3-7-sonnet', 3, 15],
    ['claude-3-5-sonnet', 3, 15],
    ['claude-opus-5', 5, 25],
    ['claude-opus-4-5', 5, 25],
    ['claude-opus-4', 15, 75],
    ['claude-fable-5', 10, 50],
  ],
  keyUrl: 'https://console.anthropic.com/settings/keys',
  local: false,
  source: 'https://platform.claude.com/docs/en/models/overview',
  unverified: 'Model IDs of the 5-series (not offered).',
};

/**
 * DeepSeek: base URL, `x-api-key` ("Fully Supported") and tool_choice `tool` ("Supported")
 * from its Anthropic API guide; models and USD peak-hour prices (cache miss) from Models &
 * Pricing. Off-peak is half; the Chinese page bills in CNY (flash ¥2/¥8, v4-pro ¥9/¥27 peak).
 * Source: https://api-docs.deepseek.com/guides/anthropic_api ·
 *         https://api-docs.deepseek.com/quick_start/pricing
 */
const DEEPSEEK: ProviderPreset = {
  id: 'deepseek',
  label: 'DeepSeek',
  baseUrl: 'https://api.deepseek.com/anthropic',
  auth: 'x-api-key',
  models: ['deepseek-flash', 'deepseek-v4-pro'],
  currency: 'USD',
  prices: [
    ['deepseek-v4-pro', 1.32, 3.96],
    ['deepseek-flash', 0.3, 1.2],
    ['deepseek-v4-flash', 0.3, 1.2],
  ],
  keyUrl: 'https://platform.deepseek.com/api_keys',
  local: false,
  source: 'https://api-docs.deepseek.com/guides/anthropic_api',
  unverified: 'Peak/off-peak: the peak price is used, so the estimate errs high.',
};

/**
 * Moonshot (Kimi). The Anthropic-compatible base URLs (`/anthropic` on api.moonshot.ai and
 * api.moonshot.cn) and Bearer auth (`ANTHROPIC_AUTH_TOKEN`) come from Claude Code guides by
 * third parties; no page of Moonshot's own documenting that endpoint was found (searched
 * 2026-12-01: platform.moonshot.cn, platform.kimi.ai). Its own model list
 * (https://platform.moonshot.cn/docs/intro) names kimi-k2.5 and the kimi-k2 previews; the
 * k2.6 / k3 names are from its pricing navigation. No price was read on its own pages, so
 * none is given: the panel shows tokens only.
 * Source: https://platform.kimi.com/docs/pricing/chat-k26 (names only)
 */
const MOONSHOT_NOTE =
  'Base URL and Bearer auth from third-party Claude Code guides; model IDs partly; prices not found on Moonshot’s own pages.';
const MOONSHOT: ProviderPreset = {
  id: 'moonshot',
  label: 'Moonshot Kimi (international)',
  baseUrl: 'https://api.moonshot.ai/anthropic',
  auth: 'bearer',
  models: ['kimi-k2.6', 'kimi-k2.5', 'kimi-k3'],
  currency: 'USD',
  prices: [],
  keyUrl: 'https://platform.moonshot.ai/console/api-keys',
  local: false,
  source: 'https://platform.moonshot.cn/docs/intro',
  unverified: MOONSHOT_NOTE,
};
const MOONSHOT_CN: ProviderPreset = {
  ...MOONSHOT,
  id: 'moonshot-cn',
  label: 'Moonshot Kimi 月之暗面 (China)',
  baseUrl: 'https://api.moonshot.cn/anthropic',
  currency: 'CNY',
  keyUrl: 'https://platform.moonshot.cn/console/api-keys',
};

/**
 * Zhipu GLM (bigmodel.cn, CNY). Its own "Claude API 兼容" page gives the base URL
 * `https://open.bigmodel.cn/api/anthropic`, sends the key as `x-api-key` in its curl example
 * (the Anthropic SDK's `api_key` in the others), and recommends glm-4.7, glm-4.5-air and
 * glm-4.5-flash, the last marked free (免费模型). Its pricing page, as read, listed only the
 * GLM-5.3 flagships, so glm-4.7 and glm-4.5-air have no price here.
 * Source: https://docs.bigmodel.cn/cn/guide/develop/claude/introduction ·
 *         https://docs.bigmodel.cn/cn/guide/start/pricing
 */
const ZHIPU: ProviderPreset = {
  id: 'zhipu',
  label: 'Zhipu GLM 智谱 (China)',
  baseUrl: 'https://open.bigmodel.cn/api/anthropic',
  auth: 'x-api-key',
  models: ['glm-4.7', 'glm-4.5-air', 'glm-4.5-flash'],
  currency: 'CNY',
  prices: [['glm-4.5-flash', 0, 0]],
  keyUrl: 'https://bigmodel.cn/usercenter/proj-mgmt/apikeys',
  local: false,
  source: 'https://docs.bigmodel.cn/cn/guide/develop/claude/introduction',
  unverified: 'Prices of glm-4.7 and glm-4.5-air (not on the pricing page as read).',
};

/**
 * Z.ai, Zhipu's international platform (USD). Base URL `https://api.z.ai/api/anthropic` and
 * Bearer auth (`ANTHROPIC_AUTH_TOKEN`, as its own coding helper writes it) are known only
 * through third parties quoting Z.ai's Claude Code page, which could not be read here; model
 * IDs likewise; prices unknown.
 * Source: https://docs.z.ai/scenario-example/develop-tools/claude (not read)
 */
const ZAI: ProviderPreset = {
  ...ZHIPU,
  id: 'zai',
  label: 'Z.ai GLM (international)',
  baseUrl: 'https://api.z.ai/api/anthropic',
  auth: 'bearer',
  models: ['glm-4.7', 'glm-5.1', 'glm-4.5-air'],
  currency: 'USD',
  prices: [],
  keyUrl: 'https://z.ai/manage-apikey/apikey-list',
  source: 'https://docs.z.ai/scenario-example/develop-tools/claude',
  unverified: 'Base URL, Bearer auth, model IDs and prices: not read on Z.ai’s own pages.',
};

/**
 * MiniMax: base URLs (api.minimax.io international, api.minimaxi.com China), model IDs and
 * tool_choice support ("完全支持") from its Anthropic API page. Its curl example sends
 * `Authorization: Bearer`. China prices (CNY, pay-as-you-go, cache miss) from its 按量计费
 * page: M2.7 and M2.5 ¥2.1 / ¥8.4, the -highspeed variants ¥4.2 / ¥16.8. The international
 * pay-as-you-go page could not be read here, so those prices are unknown (third-party lists
 * quote USD figures; they are not used).
 * Source: https://platform.minimax.io/docs/api-reference/text-anthropic-api ·
 *         https://platform.minimaxi.com/docs/api-reference/text-anthropic-api ·
 *         https://platform.minimaxi.com/docs/guides/pricing-paygo
 */
const MINIMAX: ProviderPreset = {
  id: 'minimax',
  label: 'MiniMax (international)',
  baseUrl: 'https://api.minimax.io/anthropic',
  auth: 'bearer',
  models: ['MiniMax-M3', 'MiniMax-M2.7', 'MiniMax-M2.7-highspeed'],
  currency: 'USD',
  prices: [],
  keyUrl: 'https://platform.minimax.io/user-center/basic-information/interface-key',
  local: false,
  source: 'https://platform.minimax.io/docs/api-reference/text-anthropic-api',
  unverified: 'International (USD) prices: not read on MiniMax’s own page.',
};
const MINIMAX_CN: ProviderPreset = {
  ...MINIMAX,
  id: 'minimax-cn',
  label: 'MiniMax 稀宇 (China)',
  baseUrl: 'https://api.minimaxi.com/anthropic',
  models: ['MiniMax-M2.7', 'MiniMax-M2.7-highspeed', 'MiniMax-M2.5'],
  currency: 'CNY',
  prices: [
    ['MiniMax-M2.7-highspeed', 4.2, 16.8],
    ['MiniMax-M2.5-highspeed', 4.2, 16.8],
    ['MiniMax-M2.7', 2.1, 8.4],
    ['MiniMax-M2.5', 2.1, 8.4],
  ],
  keyUrl: 'https://platform.minimaxi.com/user-center/basic-information/interface-key',
  source: 'https://platform.minimaxi.com/docs/guides/pricing-paygo',
  unverified: 'Nothing: base URL, auth, models and prices are all from its own pages.',
};

/**
 * Alibaba Cloud Bailian (百炼, Model Studio internationally): the Qwen models behind Tongyi /
 * Qianwen. Its "Anthropic API 兼容" pages give the base URLs (`/apps/anthropic` on
 * dashscope.aliyuncs.com for Beijing, dashscope-intl.aliyuncs.com for Singapore; the 2026-06
 * version adds per-workspace hosts and says the old ones keep working), the key as
 * `ANTHROPIC_API_KEY` or `ANTHROPIC_AUTH_TOKEN` (either header), and the supported models
 * (qwen-plus in every version's example, qwen-flash and qwen-turbo in its list). Tool use is
 * listed among its features; forced `tool_choice` was not read, nor were prices.
 * Source: https://help.aliyun.com/zh/model-studio/anthropic-api-messages ·
 *         https://www.alibabacloud.com/help/zh/model-studio/anthropic-api-messages
 */
const BAILIAN: ProviderPreset = {
  id: 'bailian',
  label: 'Alibaba Bailian 阿里云百炼 Qwen (China)',
  baseUrl: 'https://dashscope.aliyuncs.com/apps/anthropic',
  auth: 'x-api-key',
  models: ['qwen-plus', 'qwen-flash', 'qwen-turbo'],
  currency: 'CNY',
  prices: [],
  keyUrl: 'https://bailian.console.aliyun.com/',
  local: false,
  source: 'https://help.aliyun.com/zh/model-studio/anthropic-api-messages',
  unverified: 'Forced tool_choice and prices: not read on its pages (Test connection checks the first).',
};
const BAILIAN_INTL: ProviderPreset = {
  ...BAILIAN,
  id: 'bailian-intl',
  label: 'Alibaba Cloud Qwen (international)',
  baseUrl: 'https://dashscope-intl.aliyuncs.com/apps/anthropic',
  currency: 'USD',
  keyUrl: 'https://modelstudio.console.alibabacloud.com/',
  source: 'https://www.alibabacloud.com/help/zh/model-studio/anthropic-api-messages',
};

/**
 * Ollama serves `/v1/messages` at its root (no `/v1` in the base URL); the key is "required
 * but ignored" by its docs' clients, so none is sent. It refuses other origins with 403 unless
 * OLLAMA_ORIGINS lists the extension's (its defaults are localhost, 127.0.0.1, 0.0.0.0, app://,
 * file://, tauri://). The model is whatever the user pulled; the docs' example is qwen3-coder.
 * Source: https://docs.ollama.com/api/anthropic-compatibility
 */
const OLLAMA: ProviderPreset = {
  id: 'ollama',
  label: 'Ollama (this computer)',
  baseUrl: 'http://localhost:11434',
  auth: 'none',
  models: ['qwen3-coder'],
  currency: 'USD',
  prices: [['', 0, 0]],
  keyUrl: null,
  local: true,
  source: 'https://docs.ollama.com/api/anthropic-compatibility',
  unverified: 'Forced tool use (tool_choice "tool") is not listed either way: Test connection checks it.',
};

/**
 * llama.cpp's llama-server has served `/v1/messages` since PR #17570 (tool use needs --jinja);
 * default address 127.0.0.1:8080; no key unless started with --api-key (then Bearer or
 * X-Api-Key). It reflects any Origin in Access-Control-Allow-Origin, so no server setting is
 * needed for the extension. It serves the one model it loaded, whatever the name.
 * Source: https://huggingface.co/blog/ggml-org/anthropic-messages-api-in-llamacpp ·
 *         https://github.com/ggml-org/llama.cpp/blob/master/tools/server/README.md
 */
const LLAMACPP: ProviderPreset = {
  id: 'llamacpp',
  label: 'llama.cpp server (this computer)',
  baseUrl: 'http://127.0.0.1:8080',
  auth: 'none',
  models: ['local-model'],
  currency: 'USD',
  prices: [['', 0, 0]],
  keyUrl: null,
  local: true,
  source: 'https://huggingface.co/blog/ggml-org/anthropic-messages-api-in-llamacpp',
  unverified: 'Forced tool use with a given model: Test connection checks it.',
};

export const PRESETS: readonly ProviderPreset[] = [
  ANTHROPIC,
  DEEPSEEK,
  MOONSHOT_CN,
  MOONSHOT,
  ZHIPU,
  ZAI,
  MINIMAX_CN,
  MINIMAX,
  BAILIAN,
  BAILIAN_INTL,
  OLLAMA,
  LLAMACPP,
];

export const PROVIDER_IDS = [
  'anthropic',
  'deepseek',
  'moonshot-cn',
  'moonshot',
  'zhipu',
  'zai',
  'minimax-cn',
  'minimax',
  'bailian',
  'bailian-intl',
  'ollama',
  'llamacpp',
  'custom',
] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export function presetOf(id: string): ProviderPreset | null {
  return PRESETS.find((p) => p.id === id) ?? null;
}

/** The preset whose base URL this is (trailing slashes ignored), or null. */
export function presetForBaseUrl(baseUrl: string): ProviderPreset | null {
  const norm = (u: string) => u.trim().replace(/\/+$/, '').toLowerCase();
  return PRESETS.find((p) => norm(p.baseUrl) === norm(baseUrl)) ?? null;
}

/** The auth a configuration really uses: a preset's own, or the user's choice for `custom`. */
export function authOf(config: { provider: string; authStyle: AuthStyle }): AuthStyle {
  return presetOf(config.provider)?.auth ?? config.authStyle;
}

/** A key is needed unless the endpoint takes none (a local server). */
export function needsKey(config: { provider: string; authStyle: AuthStyle }): boolean {
  return authOf(config) !== 'none';
}
