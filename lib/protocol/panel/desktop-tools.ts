/**
 * What the side panel may send about desktop tools, with each message's request and response
 * (handled in entrypoints/background/handlers/: desktop-tools.ts). Part of EXTENSION_PAGE_MESSAGES
 * (../extension-page.ts), the one map of what an extension page may send.
 */
import { BridgeStatusSchema } from '../../bridge/status';
import { DesktopToolsSchema } from '../../settings/schema';
import { def, Empty } from '../define';

/**
 * Desktop tools (the MCP bridge): their state, and their switches, which change only through
 * this message (never `settings.set`, never an import) and connect or close the bridge at once.
 */
export const DESKTOP_TOOLS_MESSAGES = {
  'desktopTools.status': def(Empty, BridgeStatusSchema),
  'desktopTools.set': def(DesktopToolsSchema, BridgeStatusSchema),
} as const;
