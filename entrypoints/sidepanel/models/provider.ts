/**
 * Settings → Connection's provider picker: choosing a preset fills in its base URL, auth and a
 * model it serves; `custom` keeps whatever is in the fields. A local preset asks for its host
 * permission right in the click (the browser allows the request only during the gesture).
 */
import { computed } from '@preact/signals';
import { baseUrlProblem, isLoopbackUrl } from '../../../lib/provider/base-url';
import { ensureHostPermission } from '../../../lib/provider/host-permission';
import { authOf, type ProviderId, presetOf } from '../../../lib/provider/presets';
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

/**
 * Typing another address leaves a hosted preset (it is then a custom endpoint with the same
 * auth); a local preset keeps its name when only the port or loopback host changes.
 */
export function editBaseUrl(baseUrl: string): void {
  const f = form.value;
  if (!f) return;
  const preset = presetOf(f.provider);
  const stays = !preset || baseUrl === preset.baseUrl || (preset.local && isLoopbackUrl(baseUrl));
  editForm(stays ? { baseUrl } : { baseUrl, provider: 'custom', authStyle: authOf(f) });
}

export const currentPreset = computed(() => (form.value ? presetOf(form.value.provider) : null));

export const currentAuth = computed(() => (form.value ? authOf(form.value) : 'bearer'));

export const currentPrice = computed(() => (form.value ? priceFor(form.value.model, form.value.provider) : null));

export const currentUrlProblem = computed(() => (form.value ? baseUrlProblem(form.value.baseUrl) : null));
