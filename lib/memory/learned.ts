/**
 * "Learned 3 memories from 'Trip planning'": the last extraction that added memories, kept in
 * session storage (extension pages only) by the background, shown by the side panel until the
 * user dismisses it or looks at the memories; the toolbar badge shows the count meanwhile.
 */
export const LEARNED_KEY = 'learned.last';

export interface Learned {
  chatId: string;
  site: string;
  title: string;
  n: number;
  at: string;
}

export function isLearned(value: unknown): value is Learned {
  const v = value as Partial<Learned> | null;
  return (
    !!v &&
    typeof v.chatId === 'string' &&
    typeof v.site === 'string' &&
    typeof v.title === 'string' &&
    typeof v.n === 'number' &&
    typeof v.at === 'string'
  );
}
