/**
 * Settings' "Test connection": the outcome in plain words, with the API's own detail under it.
 * A result speaks of one endpoint, model and key in one language: it is shown only while the
 * form still describes what was tested, and goes the moment the provider, address, auth, model
 * or key changes (a discard, a preset switch, a new key typed) or the panel changes language.
 */
import { computed, signal } from '@preact/signals';
import { lang } from '../../../lib/i18n';
import type { ResponseOf } from '../../../lib/protocol';
import { send } from '../../../lib/protocol/panel-send';
import { messageOf } from './notice';
import { apiKeyInput, form, hasApiKey } from './settings';

export type ConnectionResult = ResponseOf<'connection.test'>;

export type ConnectionState =
  | { state: 'idle' }
  | { state: 'testing' }
  | { state: 'done'; result: ConnectionResult }
  | { state: 'error'; message: string };

/** What a result is about: everything the call used, and the language it is written in. */
const subject = computed(() => {
  const f = form.value;
  return JSON.stringify([
    f?.provider,
    f?.baseUrl,
    f?.authStyle,
    f?.model,
    apiKeyInput.value.trim(),
    hasApiKey.value,
    lang.value,
  ]);
});

const last = signal<{ shown: ConnectionState; about: string }>({ shown: { state: 'idle' }, about: '' });

/** The result to show: the last one while it still describes the form, else nothing. */
export const connection = computed<ConnectionState>(() =>
  last.value.about === subject.value ? last.value.shown : { state: 'idle' },
);

function record(shown: ConnectionState, about: string): void {
  last.value = { shown, about };
}

export async function runConnectionTest(): Promise<void> {
  const about = subject.peek();
  record({ state: 'testing' }, about);
  const key = apiKeyInput.value.trim();
  const f = form.value;
  try {
    const result = await send('connection.test', {
      ...(key ? { apiKey: key } : {}),
      baseUrl: f?.baseUrl,
      model: f?.model,
      provider: f?.provider,
      authStyle: f?.authStyle,
    });
    record({ state: 'done', result }, about);
  } catch (error) {
    record({ state: 'error', message: messageOf(error) }, about);
  }
}
