/** Settings' "Test connection": the outcome in plain words, with the API's own detail under it. */
import { signal } from '@preact/signals';
import type { ResponseOf } from '../../../lib/protocol';
import { send } from '../../../lib/protocol/panel-send';
import { messageOf } from './notice';
import { apiKeyInput, form } from './settings';

export type ConnectionResult = ResponseOf<'connection.test'>;

export type ConnectionState =
  | { state: 'idle' }
  | { state: 'testing' }
  | { state: 'done'; result: ConnectionResult }
  | { state: 'error'; message: string };

export const connection = signal<ConnectionState>({ state: 'idle' });

export async function runConnectionTest(): Promise<void> {
  connection.value = { state: 'testing' };
  const key = apiKeyInput.value.trim();
  try {
    const f = form.value;
    const result = await send('connection.test', {
      ...(key ? { apiKey: key } : {}),
      baseUrl: f?.baseUrl,
      model: f?.model,
      provider: f?.provider,
      authStyle: f?.authStyle,
    });
    connection.value = { state: 'done', result };
  } catch (error) {
    connection.value = { state: 'error', message: messageOf(error) };
  }
}
