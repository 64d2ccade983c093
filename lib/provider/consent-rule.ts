/** Which calls need the provider notice (consent.ts): any that would leave this computer. */
import { isLoopbackUrl } from './base-url';

export function needsConsent(url: string): boolean {
  return !isLoopbackUrl(url);
}

/** What consent is given for: the origin that receives (scheme, host and port), or null. */
export function consentOrigin(url: string): string | null {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** The name the notice gives a provider without a preset: the host it would talk to. */
export function providerHost(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

/** Who receives, as the notice names it: "DeepSeek (api.deepseek.com)", or the host alone. */
export function receiverName(presetLabel: string | null, baseUrl: string): string {
  const host = providerHost(baseUrl);
  return presetLabel ? `${presetLabel} (${host})` : host;
}
