import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';
import { noStringCode } from './build/no-string-code';
import { EXTENSION_PUBLIC_KEY, GECKO_ID } from './lib/bridge/extension-identity';
import { ALL_SITE_MATCHES } from './lib/sites/ids';

/** The real API origin; Anthropic-compatible base URLs are asked for at runtime (optional). */
const API_ORIGINS = ['https://api.anthropic.com/*'];
// Match patterns without a port match every port (a local server on :11434 or :8080).
const OPTIONAL_HOSTS = ['https://*/*', 'http://localhost/*', 'http://127.0.0.1/*', 'http://[::1]/*'];
/** The toolbar and store icon (public/icon/, drawn in assets/icon/icon.svg). */
const ICON_SIZES = [16, 32, 48, 128] as const;
const icons = (prefix = '') => Object.fromEntries(ICON_SIZES.map((s) => [s, `icon/${prefix}${s}.png`]));
/**
 * Firefox picks a toolbar icon per theme: `light` is shown on dark themes (a lighter orange),
 * `dark` on light ones. Chrome has one icon; its filled square reads on both.
 */
const THEME_ICONS = ICON_SIZES.filter((s) => s <= 32).map((size) => ({
  size,
  light: `icon/dark-theme-${size}.png`,
  dark: `icon/${size}.png`,
}));

// Tests build into their own folder (WXT_OUT_DIR) so parallel runs never share an output tree.
export default defineConfig({
  outDir: process.env.WXT_OUT_DIR ?? '.output',
  imports: false,
  vite: () => ({ plugins: [preact(), noStringCode()] }),
  manifest: ({ browser }) => ({
    name: 'claude-mem',
    description: 'A long-term memory you own for ChatGPT, Claude, Gemini, DeepSeek, Kimi and more.',
    permissions: [
      'storage',
      'unlimitedStorage',
      'alarms',
      'contextMenus',
      ...(browser === 'firefox' ? [] : ['sidePanel']),
    ],
    host_permissions: [...ALL_SITE_MATCHES, ...API_ORIGINS],
    // One background for normal and private windows (Chrome's default; Firefox has no "split"):
    // it sees `sender.tab.incognito` on every chat-page message and applies the private-window
    // rule (lib/protocol/private-window.ts). The extension runs there only once the user allows it.
    incognito: 'spanning',
    // A custom Anthropic-compatible base URL is asked for at runtime, never granted up front.
    // nativeMessaging (Desktop tools) is asked for only when the user turns them on.
    ...(browser === 'firefox'
      ? { optional_permissions: [...OPTIONAL_HOSTS, 'nativeMessaging'] }
      : { optional_host_permissions: OPTIONAL_HOSTS, optional_permissions: ['nativeMessaging'] }),
    icons: icons(),
    action: {
      default_title: 'claude-mem',
      default_icon: icons(),
      ...(browser === 'firefox' ? { theme_icons: THEME_ICONS } : {}),
    },
    // A fixed id for unpacked builds, so the desktop bridge's host manifest can name it. The
    // Chrome Web Store refuses a package whose manifest has a `key` (it assigns the id), so the
    // store package (`npm run zip:chrome`, STORE_PACKAGE=1) leaves it out.
    ...(browser === 'firefox' || process.env.STORE_PACKAGE === '1' ? {} : { key: EXTENSION_PUBLIC_KEY }),
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: GECKO_ID,
              strict_min_version: '142.0',
              // What leaves the browser: finished chats (page text, the user's own messages) and the
              // facts about the user kept from them go to the model provider the user chose.
              data_collection_permissions: {
                required: ['websiteContent', 'personalCommunications', 'personallyIdentifyingInfo'],
              },
            },
          },
        }
      : {}),
  }),
});
