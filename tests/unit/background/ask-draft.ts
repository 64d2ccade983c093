/** A first message paused on a ChatGPT page, asked for its request keywords at once; the tab forgotten after. */
import { type AskOutcome, askNow, draftPaused, forgetTab } from '../../../entrypoints/background/request-keywords';

export async function askForDraft(tabId: number, draft: string): Promise<AskOutcome> {
  draftPaused({ tabId, site: 'chatgpt', url: 'https://chatgpt.com/', draft, learn: true });
  try {
    return await askNow(tabId);
  } finally {
    forgetTab(tabId);
  }
}
