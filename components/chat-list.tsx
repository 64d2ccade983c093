import type { ComponentChildren } from 'preact';
import { VirtualList } from './virtual-list';

export interface ChatListProps<T> {
  items: readonly T[];
  label: string;
  keyOf: (item: T) => string;
  renderItem: (item: T, index: number) => ComponentChildren;
  /** Called when the last rows come into view (to load the next page). */
  onNearEnd?: () => void;
}

/** A virtualised list of chats: only rows near the viewport are in the DOM. */
export function ChatList<T>(props: ChatListProps<T>) {
  return <VirtualList {...props} className="chat-list" estimateSize={84} overscan={8} />;
}
