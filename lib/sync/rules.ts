/**
 * The user's rules that travel, each group its own document and its own switch (on by
 * default): site modes, per-site budgets, privacy patterns, review settings. Everything else in
 * Settings stays on the device (the provider connection, cost cap, language, desktop tools).
 * A group is taken whole: the newest change to it wins.
 */
import * as z from 'zod/mini';
import { PrivacyPatternSchema, ReviewModeSchema, type Settings, SiteSettingsSchema } from '../settings/schema';
import { SITE_IDS, type SiteId } from '../sites/ids';

export const RULE_GROUPS = ['siteModes', 'budgets', 'privacy', 'review'] as const;
export type RuleGroup = (typeof RULE_GROUPS)[number];

const perSite = <T extends z.ZodMiniType>(value: T) => z.partialRecord(z.enum(SITE_IDS), value);

const ModesSchema = perSite(z.pick(SiteSettingsSchema, { learn: true, inject: true }));
const BudgetsSchema = perSite(SiteSettingsSchema.shape.budgetTokens);
const PrivacySchema = z.array(PrivacyPatternSchema).check(z.maxLength(200));
const ReviewSchema = z.object({ review: ReviewModeSchema, sites: perSite(z.nullable(ReviewModeSchema)) });

const GROUP_SCHEMAS = {
  siteModes: ModesSchema,
  budgets: BudgetsSchema,
  privacy: PrivacySchema,
  review: ReviewSchema,
} as const;

function sitesMap<T>(pick: (id: SiteId) => T): Record<SiteId, T> {
  return Object.fromEntries(SITE_IDS.map((id) => [id, pick(id)])) as Record<SiteId, T>;
}

/** The group's value as it is in these settings. */
export function readGroup(settings: Settings, group: RuleGroup): unknown {
  const s = settings.sites;
  if (group === 'siteModes') return sitesMap((id) => ({ learn: s[id].learn, inject: s[id].inject }));
  if (group === 'budgets') return sitesMap((id) => s[id].budgetTokens);
  if (group === 'privacy') return settings.privacyPatterns;
  return { review: settings.review, sites: sitesMap((id) => s[id].review ?? null) };
}

/** These settings with the group's value from another device; null when the value does not check. */
export function writeGroup(settings: Settings, group: RuleGroup, value: unknown): Settings | null {
  const parsed = GROUP_SCHEMAS[group].safeParse(value);
  if (!parsed.success) return null;
  const sites = structuredClone(settings.sites);
  const next = { ...settings, sites };
  if (group === 'privacy') next.privacyPatterns = parsed.data as Settings['privacyPatterns'];
  for (const id of SITE_IDS) {
    if (group === 'siteModes') {
      const m = (parsed.data as z.infer<typeof ModesSchema>)[id];
      if (m) sites[id] = { ...sites[id], ...m };
    } else if (group === 'budgets') {
      const b = (parsed.data as z.infer<typeof BudgetsSchema>)[id];
      if (b !== undefined) sites[id] = { ...sites[id], budgetTokens: b };
    } else if (group === 'review') {
      const r = (parsed.data as z.infer<typeof ReviewSchema>).sites[id];
      const { review: _old, ...rest } = sites[id];
      sites[id] = r ? { ...rest, review: r } : rest;
    }
  }
  if (group === 'review') next.review = (parsed.data as z.infer<typeof ReviewSchema>).review;
  return next;
}
