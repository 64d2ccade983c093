/** Proposals in the Memories view: newest change first, and the one being edited. */
import { computed, signal } from '@preact/signals';
import type { MemoryRecord } from '../../../lib/memory/types';
import { memories } from './memories';
import { acceptProposals, rejectProposals } from './memory-actions';

export const proposals = computed<readonly MemoryRecord[]>(() =>
  memories.value
    .filter((m) => m.status === 'proposed')
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.id.localeCompare(b.id)),
);

/** The proposal whose text is being edited before it is accepted, with the draft. */
export const editingProposal = signal<{ id: string; text: string } | null>(null);

export function startProposalEdit(m: MemoryRecord): void {
  editingProposal.value = { id: m.id, text: m.content };
}

export function changeProposalDraft(text: string): void {
  const current = editingProposal.value;
  if (current) editingProposal.value = { ...current, text };
}

export function cancelProposalEdit(): void {
  editingProposal.value = null;
}

export async function acceptEdited(): Promise<void> {
  const current = editingProposal.value;
  if (!current || current.text.trim() === '') return;
  if (await acceptProposals([current.id], current.text)) editingProposal.value = null;
}

export function acceptOne(id: string): Promise<boolean> {
  return acceptProposals([id]);
}

export function rejectOne(id: string): Promise<boolean> {
  return rejectProposals([id]);
}

export function acceptAll(): Promise<boolean> {
  return acceptProposals(proposals.value.map((m) => m.id));
}
