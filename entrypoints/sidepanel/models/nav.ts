/** Which view the panel shows (the views are listed in `views/registry.ts`). */
import { signal } from '@preact/signals';
import type { ViewId } from '../views/registry';

export type { ViewId };

export const view = signal<ViewId>('memories');

export function go(id: ViewId): void {
  view.value = id;
}
