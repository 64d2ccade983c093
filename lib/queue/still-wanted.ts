/**
 * Whether a chat may still be learnt from, asked again before each part of a job and before
 * each answer is stored: "don't remember this chat" or learning switched off for its site may
 * have come while a call was out.
 */
import { getChat } from '../db/chats';
import { siteOfChatId } from '../db/jobs';
import { loadSettings } from '../db/settings-store';

export type Wanted = 'yes' | 'excluded' | 'learning-off';

export async function learningOffFor(chatId: string): Promise<boolean> {
  const sites = (await loadSettings()).sites as Record<string, { learn: boolean } | undefined>;
  return sites[siteOfChatId(chatId)]?.learn === false;
}

export async function stillWanted(chatId: string): Promise<Wanted> {
  const chat = await getChat(chatId);
  if (!chat || chat.state === 'excluded') return 'excluded';
  return (await learningOffFor(chatId)) ? 'learning-off' : 'yes';
}
