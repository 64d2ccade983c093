/**
 * Settings, versioned. The shape here is what is stored (without the API key, which lives
 * under its own storage key so nothing that reads settings can leak it) and what an export
 * carries. Older stored versions are lifted by the typed migrations in lib/settings.ts.
 */
import * as z from 'zod/mini';
import { isAllowedBaseUrl } from '../provider/base-url';
import { AUTH_STYLES, PROVIDER_IDS } from '../provider/presets';
import { SITE_IDS, SITE_MODES, type SiteId } from '../sites/ids';

export const SETTINGS_VERSION = 9;
const DEFAULT_MODEL = 'claude-haiku-4-5';
export const DEFAULT_BASE_URL = 'https://api.anthropic.com';
export const DEFAULT_BUDGET_TOKENS = 1200;

/**
 * What happens to a memory the extension writes by itself that no review rule holds back:
 * `use-at-once` (it is used from the next message), or `ask-first` (every one waits for review).
 */
export const REVIEW_MODES = ['use-at-once', 'ask-first'] as const;
export const ReviewModeSchema = z.enum(REVIEW_MODES);
export type ReviewMode = z.infer<typeof ReviewModeSchema>;

/** Where excerpts of past chats may come from, per site. */
const PAST_CHATS_SOURCES = ['off', 'this-site', 'any-site'] as const;

/** How memories are added on a site: on send, by the user's click, or never. */
const SiteModeSchema = z.enum(SITE_MODES);

export type { SiteMode } from '../sites/ids';

/**
 * A site's two switches, named for what they do: `learn` — chats there are read and extracted
 * (off: the page is not read, anything arriving for it is dropped, its queued jobs wait);
 * `inject` — memories are added to messages there.
 */
export const SiteSettingsSchema = z.object({
  learn: z._default(z.boolean(), true),
  inject: z._default(SiteModeSchema, 'auto'),
  budgetTokens: z._default(z.int().check(z.minimum(100), z.maximum(8000)), DEFAULT_BUDGET_TOKENS),
  /** This site's own review choice for memories from its chats; absent: the global `review`. */
  review: z.optional(ReviewModeSchema),
  /**
   * Past chats as context at a conversation start: off, this site's chats, or any site's (chats
   * from one company then go to another).
   */
  pastChats: z._default(z.enum(PAST_CHATS_SOURCES), 'off'),
});
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

export const PrivacyPatternSchema = z.object({
  label: z.string().check(z.maxLength(80)),
  pattern: z.string().check(z.minLength(1), z.maxLength(500)),
});
export type PrivacyPattern = z.infer<typeof PrivacyPatternSchema>;

const siteEntries = Object.fromEntries(
  SITE_IDS.map((id) => [id, z._default(SiteSettingsSchema, () => SiteSettingsSchema.parse({}))]),
) as Record<SiteId, z.ZodMiniDefault<typeof SiteSettingsSchema>>;

/**
 * Desktop tools (the MCP bridge): off until the user turns them on; read-only unless they let
 * tools add memories (which arrive proposed); memories kept to one site go out only if allowed.
 */
export const DesktopToolsSchema = z.object({
  enabled: z._default(z.boolean(), false),
  allowAdd: z._default(z.boolean(), false),
  allowSiteScoped: z._default(z.boolean(), false),
  /**
   * The user's ticks per space (lib/memory/spaces.ts); a space with none: readable unless it is
   * isolated, so existing users keep their reach and an isolated space is read only when ticked.
   */
  spaces: z._default(z.record(z.string().check(z.minLength(1), z.maxLength(100)), z.boolean()), () => ({})),
  /** `search_chats`: tools may search past chats (excerpts), off until ticked. */
  searchChats: z._default(z.boolean(), false),
});
export type DesktopTools = z.infer<typeof DesktopToolsSchema>;

/** How long chats' text is kept: until its memories are extracted, 30 days, a year, always. */
export const KEEP_CHAT_HISTORY = ['until-extracted', '30d', '1y', 'forever'] as const;
export type KeepChatHistory = (typeof KEEP_CHAT_HISTORY)[number];

export const SettingsSchema = z.object({
  version: z.literal(SETTINGS_VERSION),
  /** A preset from lib/provider/presets.ts, or `custom` (free base URL and auth style). */
  provider: z._default(z.enum(PROVIDER_IDS), 'anthropic'),
  /** https anywhere; plain http only to this computer (lib/provider/base-url.ts). */
  baseUrl: z._default(
    z.url({ protocol: /^https?$/ }).check(z.refine(isAllowedBaseUrl, 'Use https, or http only to this computer.')),
    DEFAULT_BASE_URL,
  ),
  /** How the key is sent; a preset sets its own, `custom` lets the user choose. */
  authStyle: z._default(z.enum(AUTH_STYLES), 'bearer'),
  model: z._default(z.string().check(z.minLength(1), z.maxLength(100)), DEFAULT_MODEL),
  sites: z._default(z.object(siteEntries), () => z.object(siteEntries).parse({})),
  idleMinutes: z._default(z.number().check(z.minimum(0.05), z.maximum(1440)), 10),
  privacyPatterns: z._default(z.array(PrivacyPatternSchema).check(z.maxLength(200)), []),
  /** How long chat history (the chats' text) is kept: lib/memory/forgetting.ts. */
  keepChatHistory: z._default(z.enum(KEEP_CHAT_HISTORY), '1y'),
  dailyTokenCap: z._default(z.int().check(z.minimum(0), z.maximum(100_000_000)), 300_000),
  language: z._default(z.enum(['auto', 'en', 'zh']), 'auto'),
  /** Review of new memories, unless a site says otherwise (`sites[id].review`). */
  review: z._default(ReviewModeSchema, 'use-at-once'),
  desktopTools: z._default(DesktopToolsSchema, () => DesktopToolsSchema.parse({})),
  /**
   * While a conversation's first message is typed, ask the model for its search keywords
   * where learning is on and a provider is connected.
   */
  requestKeywords: z._default(z.boolean(), true),
  /**
   * With request keywords, the same call is shown the best-matching memories and past-chat
   * excerpts (filtered, cut short) and picks those that help; off: it gets the draft only.
   */
  judgeCandidates: z._default(z.boolean(), true),
});
export type Settings = z.infer<typeof SettingsSchema>;

/** Settings as the UI sees them: the key itself never leaves the background. */
export const PublicSettingsSchema = z.object({
  settings: SettingsSchema,
  /** A key is stored for the saved endpoint's origin. */
  hasApiKey: z.boolean(),
  /** Origins a key is stored for (never the keys): a new endpoint's own key is asked for. */
  keyOrigins: z.array(z.string().check(z.maxLength(500))).check(z.maxLength(100)),
});

/** The review choice that holds for memories from one site's chats (or the global one). */
export function reviewFor(settings: Settings, site: SiteId | null): ReviewMode {
  return (site ? settings.sites[site].review : undefined) ?? settings.review;
}

export function defaultSettings(): Settings {
  return SettingsSchema.parse({ version: SETTINGS_VERSION });
}
