/**
 * What the side panel and the background say about sync: the set-up request, the switches and
 * the state the panel shows. zod/mini (the panel bundles it). The password and passphrase pass
 * through `sync.enable` once and are never sent back.
 */
import * as z from 'zod/mini';
import { IsoDate } from '../memory/types';
import { RULE_GROUPS } from './rules';

export const TravelSchema = z.object({
  siteModes: z._default(z.boolean(), true),
  budgets: z._default(z.boolean(), true),
  privacy: z._default(z.boolean(), true),
  review: z._default(z.boolean(), true),
  /**
   * Chat history: off by default because of its size (a chat may hold 600,000 characters).
   * Each device decides for itself: the switch is this device's, not a rule that travels.
   */
  chats: z._default(z.boolean(), false),
});
export type Travel = z.infer<typeof TravelSchema>;
export const TRAVEL_SWITCHES = [...RULE_GROUPS, 'chats'] as const;
export const DEFAULT_TRAVEL: Travel = { siteModes: true, budgets: true, privacy: true, review: true, chats: false };

export const SYNC_ERRORS = [
  'wrong-passphrase',
  'unauthorized',
  'offline',
  'server',
  'no-database',
  'no-permission',
  'address',
  'not-set-up',
  'cancelled',
  'mirror-full',
  'redirected',
] as const;
export type SyncErrorCode = (typeof SYNC_ERRORS)[number];

export const EnableRequestSchema = z.object({
  address: z.string().check(z.minLength(1), z.maxLength(500)),
  username: z.optional(z.string().check(z.maxLength(200))),
  password: z.optional(z.string().check(z.maxLength(500))),
  passphrase: z.string().check(z.minLength(8), z.maxLength(1000)),
  deviceName: z.string().check(z.minLength(1), z.maxLength(80)),
  travel: z.optional(TravelSchema),
});
export type EnableRequest = z.infer<typeof EnableRequestSchema>;

const DeviceSeenSchema = z.object({ name: z.string(), lastSync: IsoDate, here: z.boolean() });

export const SyncStatusSchema = z.object({
  enabled: z.boolean(),
  /** The database URL (no credentials) and its name, for the removal confirmation. */
  url: z.nullable(z.string()),
  database: z.nullable(z.string()),
  deviceName: z.nullable(z.string()),
  travel: TravelSchema,
  running: z.boolean(),
  lastSync: z.nullable(IsoDate),
  /** Documents sent and received by the last round that moved any. */
  up: z.int(),
  down: z.int(),
  devices: z.array(DeviceSeenSchema),
  /** Documents from the server that failed a check and were never applied. */
  quarantined: z.int(),
  /** Local changes not yet on the server. */
  waiting: z.int(),
  error: z.nullable(z.object({ code: z.enum(SYNC_ERRORS), detail: z.string() })),
  /** Memories kept because they were edited after another device deleted them. */
  editsKept: z.int(),
  /** Texts written apart on two devices, now a version and a review item. */
  twoDeviceTexts: z.int(),
});
export type SyncStatus = z.infer<typeof SyncStatusSchema>;
