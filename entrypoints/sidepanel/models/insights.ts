/**
 * Pictures of the store for the Insights view: memories by type over time, memory hits per
 * day (from the injection log), and how hot each memory is. Pure series builders plus the
 * live injection list they need; the memories themselves come from the shared live list.
 */
import { computed, signal } from '@preact/signals';
import type { UsageRow } from '../../../lib/db/db';
import { watch } from '../../../lib/db/live';
import { allInjections, usageSince } from '../../../lib/db/panel-reads';
import { type Injection, MEMORY_TYPES, type MemoryRecord, type MemoryType } from '../../../lib/memory/types';
import { utcDay } from '../../../lib/time';
import { memories } from './memories';

const DAY = 86_400_000;
const MAX_DAYS = 180;
/** Even a new store gets two weeks of axis, so one day's data is not a lone point. */
const MIN_DAYS = 14;
/** A memory's heat halves about every ten days without a hit. */
const HEAT_DAYS = 14;

export interface DaySeries<K extends string> {
  /** Start of each UTC day, in seconds (uPlot's x unit). */
  x: number[];
  y: Record<K, number[]>;
}

function dayStart(ms: number): number {
  return Math.floor(ms / DAY) * DAY;
}

function dayAxis(firstMs: number, nowMs: number): number[] {
  const end = dayStart(nowMs);
  const start = Math.min(Math.max(dayStart(firstMs), end - (MAX_DAYS - 1) * DAY), end - (MIN_DAYS - 1) * DAY);
  const out: number[] = [];
  for (let d = start; d <= end; d += DAY) out.push(d / 1000);
  return out;
}

/** How many memories of each type existed at the end of each day (a running total). */
export function typeSeries(all: readonly MemoryRecord[], nowMs: number): DaySeries<MemoryType> {
  let first = nowMs;
  for (const m of all) first = Math.min(first, Date.parse(m.createdAt));
  const x = dayAxis(first, nowMs);
  const start = (x[0] ?? 0) * 1000;
  const y = Object.fromEntries(MEMORY_TYPES.map((t) => [t, x.map(() => 0)])) as Record<MemoryType, number[]>;
  for (const m of all) {
    const i = Math.max(0, Math.floor((Date.parse(m.createdAt) - start) / DAY));
    if (i < x.length) y[m.type][i] = (y[m.type][i] ?? 0) + 1;
  }
  for (const type of MEMORY_TYPES) {
    const series = y[type];
    for (let i = 1; i < series.length; i++) series[i] = (series[i] ?? 0) + (series[i - 1] ?? 0);
  }
  return { x, y };
}

/** Memory hits (one per memory per injection) and injections per day. */
export function hitSeries(log: readonly Injection[], nowMs: number): DaySeries<'hits' | 'injections'> {
  const first = log.length ? Date.parse(log[0]?.at ?? '') : nowMs;
  const x = dayAxis(Number.isNaN(first) ? nowMs : first, nowMs);
  const start = (x[0] ?? 0) * 1000;
  const hits = x.map(() => 0);
  const injections = x.map(() => 0);
  for (const entry of log) {
    const i = Math.floor((Date.parse(entry.at) - start) / DAY);
    if (i < 0 || i >= x.length) continue;
    hits[i] = (hits[i] ?? 0) + entry.items.length;
    injections[i] = (injections[i] ?? 0) + 1;
  }
  return { x, y: { hits, injections } };
}

/** 0 for a memory never used; otherwise more hits and a recent last hit make it hotter. */
export function heatOf(m: MemoryRecord, nowMs: number): number {
  if (m.hitCount === 0 || !m.lastHitAt) return 0;
  const days = Math.max(0, (nowMs - Date.parse(m.lastHitAt)) / DAY);
  return Math.log2(1 + m.hitCount) * Math.exp(-days / HEAT_DAYS);
}

export interface HeatCell {
  memory: MemoryRecord;
  heat: number;
  /** 0..1 for colour: 1 is the hottest memory in the store. */
  level: number;
}

export interface HeatView {
  cells: HeatCell[];
  hot: HeatCell[];
  cooling: HeatCell[];
  neverUsed: number;
}

const HEAT_CELLS = 400;

export function heatView(all: readonly MemoryRecord[], nowMs: number, listSize = 5): HeatView {
  const active = all.filter((m) => m.status === 'active');
  const scored = active.map((memory) => ({ memory, heat: heatOf(memory, nowMs) }));
  let max = 1e-9;
  for (const s of scored) max = Math.max(max, s.heat);
  const cells = scored.map((s) => ({ ...s, level: s.heat / max })).sort((a, b) => b.heat - a.heat);
  const used = cells.filter((c) => c.heat > 0);
  const coolingCut = Math.exp(-7 / HEAT_DAYS);
  const cooling = used
    .filter((c) => c.heat / Math.log2(1 + c.memory.hitCount) < coolingCut)
    .sort((a, b) => b.memory.hitCount - a.memory.hitCount || a.heat - b.heat);
  return {
    cells: cells.slice(0, HEAT_CELLS),
    hot: used.filter((c) => !cooling.includes(c)).slice(0, listSize),
    cooling: cooling.slice(0, listSize),
    neverUsed: cells.length - used.length,
  };
}

const log = signal<readonly Injection[]>([]);

/** This month's extraction usage, priced per provider (Queue shows the same figures). */
export const monthUsage = signal<readonly UsageRow[]>([]);

export function startInsightsModel(): () => void {
  const stopLog = watch(allInjections, (rows) => {
    log.value = rows;
  });
  const stopUsage = watch(
    () => usageSince(`${utcDay().slice(0, 7)}-01`),
    (rows) => {
      monthUsage.value = rows;
    },
  );
  return () => {
    stopLog();
    stopUsage();
  };
}

export const types = computed(() => typeSeries(memories.value, Date.now()));
export const hits = computed(() => hitSeries(log.value, Date.now()));
export const heat = computed(() => heatView(memories.value, Date.now()));

/** The arrays the charts draw, kept stable between renders so uPlot only redraws on change. */
export const typeChartData = computed(() => {
  const s = types.value;
  return [s.x, ...MEMORY_TYPES.map((k) => s.y[k])] as [number[], ...number[][]];
});
export const hitChartData = computed(() => [hits.value.x, hits.value.y.hits] as [number[], number[]]);
