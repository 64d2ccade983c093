/** All stored timestamps are UTC ISO strings; `now()` is the one clock, replaceable in tests. */
let clock: () => number = () => Date.now();

export function now(): string {
  return new Date(clock()).toISOString();
}

export function nowMs(): number {
  return clock();
}

/** Tests and benchmarks pin the clock; pass `null` to restore the real one. */
export function setClock(fn: (() => number) | null): void {
  clock = fn ?? (() => Date.now());
}

export function utcDay(iso: string = now()): string {
  return iso.slice(0, 10);
}
