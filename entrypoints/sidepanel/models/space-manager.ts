/**
 * The "Manage spaces" section: whether it is open, the new space's draft, the one space being
 * edited, and the one whose delete waits for the user's answer about its memories.
 */
import { signal } from '@preact/signals';
import type { SpaceFormValues } from '../../../components/space-form';
import type { SpaceMemoryFate } from '../../../lib/memory/space-fates';
import type { Space, SpaceId } from '../../../lib/memory/spaces';
import { createSpace, deleteSpace, editSpace, type SpacePatch } from './space-actions';
import { spaces } from './spaces';

const EMPTY: SpaceFormValues = { name: '', description: '', isolated: false, endsOn: '' };

export const managerOpen = signal(false);
export const newDraft = signal<SpaceFormValues | null>(null);
export const editDraft = signal<(SpaceFormValues & { id: SpaceId }) | null>(null);
export const deleting = signal<{ id: SpaceId; fate: SpaceMemoryFate } | null>(null);

/** With no space yet, opening goes straight to the new space's form: the only thing to do there. */
export function toggleManager(): void {
  managerOpen.value = !managerOpen.value;
  if (managerOpen.value && spaces.value.length === 0 && !newDraft.value) openNew();
}

/** A day picked in the form ends at the end of that day where the user is. */
export function endsAtOf(day: string): string | null {
  return day ? new Date(`${day}T23:59:59.999`).toISOString() : null;
}

export function dayOf(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function openNew(): void {
  newDraft.value = { ...EMPTY };
}

export function changeNew(patch: Partial<SpaceFormValues>): void {
  if (newDraft.value) newDraft.value = { ...newDraft.value, ...patch };
}

export function cancelNew(): void {
  newDraft.value = null;
}

export async function submitNew(): Promise<void> {
  const d = newDraft.value;
  if (!d) return;
  const made = await createSpace({
    name: d.name,
    description: d.description,
    isolated: d.isolated,
    endsAt: endsAtOf(d.endsOn),
  });
  if (made) newDraft.value = null;
}

export function startEditSpace(s: Space): void {
  deleting.value = null;
  editDraft.value = {
    id: s.id,
    name: s.name,
    description: s.description,
    isolated: s.isolated,
    endsOn: dayOf(s.endsAt),
  };
}

export function changeEdit(patch: Partial<SpaceFormValues>): void {
  if (editDraft.value) editDraft.value = { ...editDraft.value, ...patch };
}

export function cancelEditSpace(): void {
  editDraft.value = null;
}

/** Only what changed is sent, so undo puts back a real edit. */
export function spaceDiff(s: Space, d: SpaceFormValues): SpacePatch {
  const patch: SpacePatch = {};
  if (d.name.trim() !== s.name) patch.name = d.name;
  if (d.description.trim() !== s.description) patch.description = d.description;
  if (d.isolated !== s.isolated) patch.isolated = d.isolated;
  if (d.endsOn !== dayOf(s.endsAt)) patch.endsAt = endsAtOf(d.endsOn);
  return patch;
}

export async function saveEditSpace(s: Space): Promise<void> {
  const d = editDraft.value;
  if (!d || d.id !== s.id) return;
  const patch = spaceDiff(s, d);
  if (Object.keys(patch).length === 0 || (await editSpace(s.id, patch))) editDraft.value = null;
}

export function askDelete(id: SpaceId): void {
  editDraft.value = null;
  deleting.value = { id, fate: 'everywhere' };
}

export function chooseFate(fate: SpaceMemoryFate): void {
  if (deleting.value) deleting.value = { ...deleting.value, fate };
}

export function cancelDelete(): void {
  deleting.value = null;
}

export async function confirmDelete(): Promise<void> {
  const d = deleting.value;
  if (!d) return;
  if (await deleteSpace(d.id, d.fate)) deleting.value = null;
}
