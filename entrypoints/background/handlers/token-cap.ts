/**
 * Model calls the user starts from the panel (refining, adding keywords) spend from the same
 * daily token cap as extraction: refused before a call goes out when its estimate would pass
 * the cap (0 = no cap), as an extraction would be held.
 */
import { usageOfDay } from '../../../lib/db/usage';
import { MessageError } from '../../../lib/protocol/define';
import { utcDay } from '../../../lib/time';

/** `what`: the rest of the sentence "… needs about N", e.g. "refining". */
export async function checkCap(cap: number, estimate: number, what: string, after = ''): Promise<void> {
  if (cap === 0) return;
  const today = await usageOfDay(utcDay());
  const used = today.inputTokens + today.outputTokens;
  if (used + estimate <= cap) return;
  throw new MessageError(
    'bad_request',
    `Daily token cap reached: ${used.toLocaleString('en')} of ${cap.toLocaleString('en')} tokens used today (UTC); ${what} needs about ${estimate.toLocaleString('en')}. Raise the cap in Settings, or try again tomorrow.${after}`,
  );
}
