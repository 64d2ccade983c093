/** Which view the panel shows (the views are listed in `views/registry.ts`). */
import { signal } from '@preact/signals';

/**
 * The registered views' ids, filled in by `views/registry.ts` (declaration merging), so this
 * module, which every view imports to navigate, does not import the registry that imports them.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the registry
export interface PanelViewIds {}
export type ViewId = keyof PanelViewIds & string;

export const view = signal<ViewId>('memories');

export function go(id: ViewId): void {
  view.value = id;
}
