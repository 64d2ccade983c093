/**
 * A sliding one-minute window of calls per client and for all clients together. Pure (the
 * clock is passed in) so the host and the background bound calls the same way, and tests need
 * no timers.
 */
const WINDOW_MS = 60_000;

export class CallBudget {
  private readonly calls = new Map<string, number[]>();
  private all: number[] = [];

  constructor(
    private readonly perClient: number,
    private readonly total: number,
  ) {}

  /** Counts the call and returns true, or returns false (and counts nothing) when over a bound. */
  take(client: string, nowMs: number): boolean {
    const since = nowMs - WINDOW_MS;
    this.all = this.all.filter((t) => t > since);
    const mine = (this.calls.get(client) ?? []).filter((t) => t > since);
    if (mine.length >= this.perClient || this.all.length >= this.total) {
      this.calls.set(client, mine);
      return false;
    }
    mine.push(nowMs);
    this.all.push(nowMs);
    this.calls.set(client, mine);
    // Old names drop out, so a client inventing names costs a bounded map.
    for (const [name, times] of this.calls) if (times.every((t) => t <= since)) this.calls.delete(name);
    return true;
  }
}
