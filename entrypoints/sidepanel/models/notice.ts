/**
 * The one line of feedback under the header: what just happened, or what went wrong.
 * A success says so briefly and goes after a few seconds; an error stays until dismissed.
 * The text is kept as a function of the panel language, so a notice shown while the user
 * switches language is read again in the new one.
 */
import { signal } from '@preact/signals';
import { detailLabel } from '../../../lib/i18n/labels';

/** How long a success notice stays. */
export const INFO_MS = 5000;

export type NoticeText = string | (() => string);

export interface Notice {
  kind: 'info' | 'error';
  text: () => string;
  /** When it was raised: a change recorded at the same moment is the same event. */
  at: number;
}

export const notice = signal<Notice | null>(null);
let fading: ReturnType<typeof setTimeout> | undefined;

function show(kind: Notice['kind'], text: NoticeText): void {
  clearTimeout(fading);
  const shown: Notice = { kind, text: typeof text === 'function' ? text : () => text, at: Date.now() };
  notice.value = shown;
  if (kind === 'info')
    fading = setTimeout(() => {
      if (notice.value === shown) notice.value = null;
    }, INFO_MS);
}

/** A success; pass `() => t(...)` so it follows a language switch. */
export function say(text: NoticeText): void {
  show('info', text);
}

/** An error; a plain string (a background's or an API's own words) is shown in the panel's language too. */
export function fail(text: NoticeText): void {
  show('error', typeof text === 'function' ? text : () => detailLabel(text));
}

export function clearNotice(): void {
  clearTimeout(fading);
  notice.value = null;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs a panel action; a failure is shown as the notice, and the action answers undefined. */
export async function guarded<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    fail(messageOf(error));
    return undefined;
  }
}
