/** The one line of feedback under the header: what just happened, or what went wrong. */
import { signal } from '@preact/signals';

export interface Notice {
  kind: 'info' | 'error';
  text: string;
}

export const notice = signal<Notice | null>(null);

export function say(text: string): void {
  notice.value = { kind: 'info', text };
}

export function fail(text: string): void {
  notice.value = { kind: 'error', text };
}

export function clearNotice(): void {
  notice.value = null;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
