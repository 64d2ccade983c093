/** What the side panel shows about the bridge: the switches, the connection and who called lately. */
import * as z from 'zod/mini';
import { SpaceIdSchema } from '../memory/spaces';
import { DesktopToolsSchema } from '../settings/schema';
import { ToolCallSchema } from './tool-call';

/**
 * `off`: Desktop tools switched off. `no-permission`: on, but the browser's nativeMessaging
 * permission is not granted. `connecting`: the port is opening. `connected`: the bridge is
 * listening for desktop tools. `not-installed`: the browser found no host manifest (run
 * `npm run bridge:install`). `failed`: the host started and stopped, or refused (`error` says).
 */
export const BRIDGE_STATES = ['off', 'no-permission', 'connecting', 'connected', 'not-installed', 'failed'] as const;
export type BridgeState = (typeof BRIDGE_STATES)[number];

export const BridgeStatusSchema = z.object({
  desktopTools: DesktopToolsSchema,
  state: z.enum(BRIDGE_STATES),
  error: z.nullable(z.string()),
  /** The newest calls, newest first. */
  recent: z.array(ToolCallSchema),
  /** Every space, for the ticks of which ones tools may read (`closed`: archived or ended, never read). */
  spaces: z.array(z.object({ id: SpaceIdSchema, name: z.string(), isolated: z.boolean(), closed: z.boolean() })),
});
export type BridgeStatus = z.infer<typeof BridgeStatusSchema>;
