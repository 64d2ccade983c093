/** A conversation read from a site's data export, before it becomes a stored chat. */
import type { SiteId } from '../../sites/ids';
export interface ImportedTurn {
  role: 'user' | 'assistant';
  text: string;
  /** UTC ISO time the message was written, when the export says. */
  at: string | null;
  /** The model that answered (ChatGPT's `model_slug`), when the export says. */
  model?: string;
}

export interface ImportedConversation {
  site: SiteId;
  conversationId: string;
  title: string;
  url: string;
  createdAt: string | null;
  updatedAt: string | null;
  turns: ImportedTurn[];
}

/** Seconds since the epoch (ChatGPT) or an ISO string (Claude) as UTC ISO; null when unreadable. */
export function isoOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) {
    const d = new Date(value * 1000);
    return Number.isNaN(d.getTime()) ? null : d.toISOString();
  }
  if (typeof value === 'string' && value !== '') {
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? null : d.toISOString();
  }
  return null;
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * At most this many conversations go in one batch to the background: the reader's batches
 * (read-export.ts) and the `history.import` message (lib/history/schemas.ts) share it.
 */
export const IMPORT_BATCH_MAX = 600;
