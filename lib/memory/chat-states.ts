/** A chat's states. Its own module so the content script takes it without the memory schemas. */
export const CHAT_STATES = ['open', 'finished', 'excluded'] as const;
