/**
 * Settings → Connection's provider picker: choosing a preset fills in its base URL, auth and a
 * model it serves; `custom` keeps whatever is in the fields. A local preset asks for its host
 * permission right in the click (the browser allows the request only during the gesture).
 */
import { computed } from '@preact/signals';
import { baseUrlProblem, isLoopbackUrl } from '../../../lib/provider/base-url';
import { ensureHostPermission } from '../../../lib/provider/host-permission';
import { authOf, type ProviderId, presetForBaseUrl, presetOf } from '../../../lib/provider/presets';
import { priceFor } from '../../../lib/provider/pricing';
import { editForm, form } from './settings';

export function chooseProvider(id: ProviderId): void {
  const f = form.value;
  if (!f) return;
  const preset = presetOf(id);
  if (!preset) {
    editForm({ provider: 'custom' });
    return;
  }
  // Before any await: the permission prompt needs the user's click.
  if (preset.local) void ensureHostPermission(preset.baseUrl);
  const model = preset.models.includes(f.model) ? f.model : (preset.models[0] ?? f.model);
  editForm({ provider: preset.id as ProviderId, baseUrl: preset.baseUrl, authStyle: preset.auth, model });
}

/** While the address is typed, only the field changes: half an address says nothing about the provider. */
export function typeBaseUrl(baseUrl: string): void {
  if (form.value) editForm({ baseUrl });
}

/**
 * The finished address (the field lost focus, or Enter) decides the provider: the current
 * preset stays when it is its own address (a local preset also when only the port or loopback
 * host changed); another preset's own address picks that preset; anything else is a custom
 * endpoint with the same auth.
 */
export function settleBaseUrl(value: string): void {
  const f = form.value;
  if (!f) return;
  const baseUrl = value.trim();
  const preset = presetOf(f.provider);
  const own = preset && presetForBaseUrl(baseUrl)?.baseUrl === preset.baseUrl;
  const stays = !preset || own || (preset.local && isLoopbackUrl(baseUrl));
  const other = stays ? null : presetForBaseUrl(baseUrl);
  if (stays) editForm({ baseUrl });
  else if (other) editForm({ baseUrl, provider: other.id as ProviderId, authStyle: other.auth });
  else editForm({ baseUrl, provider: 'custom', authStyle: authOf(f) });
}

export const currentPreset = computed(() => (form.value ? presetOf(form.value.provider) : null));

export const currentAuth = computed(() => (form.value ? authOf(form.value) : 'bearer'));

export const currentPrice = computed(() => (form.value ? priceFor(form.value.model, form.value.provider) : null));

export const currentUrlProblem = computed(() => (form.value ? baseUrlProblem(form.value.baseUrl) : null));
