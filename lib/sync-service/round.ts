/**
 * One sync round, one-shot replications only (a live feed stalls in a service worker):
 * stage this device's changes into the mirror, pull, apply what came (merging conflicts),
 * stage again (the merges' versions, this device's document), push. Every step leaves the
 * store, the mirror and the server consistent, so a round stopped anywhere (cancelled, offline,
 * the worker stopped) loses nothing and the next one goes on from there.
 */

import type { ChangedHere, ChangeLog } from '../sync/changes-here';
import { type DeviceDoc, deviceKey } from '../sync/codec';
import type { SyncKeys } from '../sync/keys';
import { readMark, saveMark } from '../sync/mirror-docs';
import { MirrorFull, pullChecked, pullStarted } from '../sync/mirror-gate';
import type { Db, Replication } from '../sync/pouch-types';
import type { Travel } from '../sync/schemas';
import type { WorkHandle } from '../work/tracker';
import { type ApplyOutcome, applyChanges } from './apply';
import type { LocalPort } from './local-port';
import { stage } from './stage';

export interface RoundInput {
  keys: SyncKeys;
  mirror: Db;
  remote: Db;
  local: LocalPort;
  travel: Travel;
  device: { id: string; name: string };
  /** Write this device's document this round (first round, something moved, or an hour passed). */
  announce: boolean;
  own: Set<string>;
  /** What changed here since the last round (changes-here.ts); absent, the whole store is compared. */
  changed?: ChangedHere;
  /** The change log, told which memories the second stage compared (sync's own writes among them). */
  log?: Pick<ChangeLog, 'mark' | 'compared'>;
  now?: () => string;
  /** The first sync shows on the work bar and can be cancelled. */
  work?: WorkHandle;
  /**
   * Read the server once more after the push (a device's first sync): its next read then starts
   * after what it pushed itself, instead of walking all of it again on the first change after.
   */
  catchUp?: boolean;
  /** Told of every record staged, even when the round fails after (they wait for the next push). */
  onStaged?: (sids: readonly string[]) => void;
}

export interface RoundOutcome extends ApplyOutcome {
  up: number;
  down: number;
  /** Server ids staged this round (waiting until a push succeeds). */
  staged: string[];
  at: string;
  /** Changed chats left for the next round (a round stages a bounded amount of chat text). */
  chatsPending: boolean;
  /** Documents the catch-up read brought (another device wrote during this round): apply them soon. */
  arrivedLate: number;
  /** Memories the mirror refused to stage this round: the next round must compare them again. */
  refused: string[];
  /** This device's document was written this round (it is due again in an hour). */
  announced: boolean;
}

/**
 * A thousand documents a request (~1 MB sealed): a first sync or a device's first pull after its
 * own first push walks every document, and each batch costs a changes read, a revs_diff and a
 * checkpoint round trip. Two batches ahead bounds what is held in memory.
 */
const REPLICATION = { batch_size: 1000, batches_limit: 2, retry: false } as const;

/**
 * The mirror's position up to which nothing waits to be pushed: what a push carried, or what a
 * pull brought (the server has it). Anything staged since, in any round, moves the mirror past it.
 */
const PUSHED = '_local/claude-mem-pushed';

function run(rep: Replication, work: WorkHandle | undefined, onDocs: (n: number) => void): Promise<number> {
  const stop = () => rep.cancel();
  work?.signal.addEventListener('abort', stop);
  rep.on('change', (info) => onDocs(info.docs_written));
  return Promise.resolve(rep)
    .then((r) => r.docs_written)
    .finally(() => work?.signal.removeEventListener('abort', stop));
}

/**
 * A pull from the server through the mirror's gate: one that stops at its budget ends here
 * (what it stored is applied and cleared out by this round, the rest comes next round).
 */
async function pull(input: RoundInput, work: WorkHandle | undefined, cut: { full: boolean; refused: string[] }) {
  pullStarted(input.mirror);
  const docs = await run(input.mirror.replicate.from(input.remote, REPLICATION), work, (n) => work?.set(n)).catch(
    (error: unknown) => {
      if (!pullChecked(input.mirror).full) throw error;
      return 0;
    },
  );
  const checked = pullChecked(input.mirror);
  cut.full ||= checked.full;
  cut.refused.push(...checked.refused);
  return docs;
}

export function syncRound(input: RoundInput): Promise<RoundOutcome> {
  return round(input, false) as Promise<RoundOutcome>;
}

/**
 * A round asked for by a change here: when comparing finds nothing to send (sync's own writes
 * coming back as change events, an edit undone), it ends there, without a word to the server
 * (null). The caller runs a whole round instead when something staged before still waits.
 */
export function syncRoundIfSending(input: RoundInput): Promise<RoundOutcome | null> {
  return round(input, true);
}

async function round(input: RoundInput, onlyToSend: boolean): Promise<RoundOutcome | null> {
  const now = input.now ?? (() => new Date().toISOString());
  const { work } = input;
  const checkpoint = () => work?.checkpoint();
  const base = { keys: input.keys, mirror: input.mirror, local: input.local, travel: input.travel, checkpoint };
  work?.phase('check');
  const pushed = await readMark(input.mirror, PUSHED);
  const unpushed = String((await input.mirror.info()).update_seq) !== String(pushed.seq);
  const changed = input.changed ?? { whole: true };
  const first = await stage({ ...base, now: now(), ...(changed.whole ? {} : { only: changed.memories }) });
  for (const w of first.written) input.own.add(w);
  input.onStaged?.(first.staged);
  checkpoint();
  if (onlyToSend && first.staged.length === 0 && !first.chatsPending) return null;
  work?.phase('read');
  const cut = { full: false, refused: [] as string[] };
  const down = await pull(input, work, cut);
  checkpoint();
  work?.phase('merge');
  const applied = await applyChanges({ ...base, now: now(), own: input.own, progress: (n) => work?.set(n) });
  for (const ref of cut.refused) applied.quarantined.push({ ref, reason: 'refused unstored' });
  const at = now();
  const device: DeviceDoc = { k: 'd', id: deviceKey(input.device.id), name: input.device.name, lastSync: at };
  // Again only when this round changed the store here (merges, duplicates, replays) or rules wait:
  // the whole store when something was quarantined or rules wait, else only what apply came to.
  const whole = applied.quarantined.length > 0 || first.rulesPending || applied.chatsChanged > 0;
  const scan = whole || applied.applied > 0 || applied.touched.length > 0;
  // The device document says when this device last sent something (or, hourly, that it is
  // alive): a round that only received writes nothing for it, so it has nothing to push.
  const extra = input.announce || first.staged.length > 0 ? [device] : [];
  const only = whole ? undefined : applied.touched;
  const logMark = input.log?.mark();
  const second = await stage({ ...base, now: at, newRules: true, scan, extra, ...(only ? { only } : {}) });
  // Compared after apply's writes were noted: they need no round of their own.
  if (logMark !== undefined && scan) input.log?.compared(only ?? applied.touched, logMark);
  for (const w of second.written) input.own.add(w);
  input.onStaged?.(second.staged);
  checkpoint();
  work?.phase('write');
  // Nothing written to the mirror here since the last push: all it gained came from the server,
  // which has it, so the push is skipped (the next one walks past those revisions).
  const wrote = unpushed || first.written.length + second.written.length + applied.merged > 0;
  const upTo = (await input.mirror.info()).update_seq;
  const up = wrote ? await run(input.mirror.replicate.to(input.remote, REPLICATION), work, (n) => work?.set(n)) : 0;
  // A cancelled replication resolves as if complete: the first sync is not done until its push is.
  checkpoint();
  await saveMark(input.mirror, PUSHED, upTo, pushed);
  let late = 0;
  if (input.catchUp) {
    work?.phase('read');
    // Another device's writes met here go into the mirror and are applied next round.
    const counted = cut.refused.length;
    late = await pull(input, work, cut);
    for (const ref of cut.refused.slice(counted)) applied.quarantined.push({ ref, reason: 'refused unstored' });
    checkpoint();
  }
  // Said once the round's own work is done: the server sent more than a round stores.
  if (cut.full) throw new MirrorFull('the server sent more than one round takes');
  const chatsPending = first.chatsPending || second.chatsPending;
  const staged = [...first.staged, ...second.staged];
  const refused = [...first.refused, ...second.refused];
  const announced = extra.length > 0;
  return { ...applied, up, down: down + late, staged, at, chatsPending, arrivedLate: late, refused, announced };
}
