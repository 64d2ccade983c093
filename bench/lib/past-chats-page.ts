/**
 * The Chromium half of `bench:past-chats`' timing: bundled with esbuild from the same lib code
 * as the extension and run in a page, so the figures are the browser's real IndexedDB. The
 * driver (bench/past-chats.ts) calls `__pastChatsBench.run(N)`.
 */
import { runPastChatsSpeed, type SpeedFigures } from './past-chats-speed';

declare global {
  interface Window {
    __pastChatsBench: { run(chats: number): Promise<SpeedFigures> };
  }
}

window.__pastChatsBench = { run: (chats) => runPastChatsSpeed(chats) };
