/** Which calls need the provider disclosure (consent.ts): any that would leave this computer. */
import { isLoopbackUrl } from './base-url';

export function needsConsent(url: string): boolean {
  return !isLoopbackUrl(url);
}

/** The name the disclosure gives a provider without a preset: the host it would talk to. */
export function providerHost(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}
