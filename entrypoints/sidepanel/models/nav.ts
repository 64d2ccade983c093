/** Which view the panel shows. */
import { signal } from '@preact/signals';

export const VIEW_IDS = ['memories', 'tab', 'chats', 'queue', 'activity', 'insights', 'settings'] as const;
export type ViewId = (typeof VIEW_IDS)[number];

export const view = signal<ViewId>('memories');

export function go(id: ViewId): void {
  view.value = id;
}
