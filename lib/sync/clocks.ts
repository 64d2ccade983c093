/**
 * Clocks travel compact: `*` holds the time most fields share, and only fields changed at
 * another time are named (a record's field times would otherwise be most of its document).
 */
export function compact(
  clocks: Record<string, string>,
  /** Fields whose clock stays named even when it is the common one. */
  named: (field: string) => boolean = () => false,
): Record<string, string> {
  const counts = new Map<string, number>();
  for (const c of Object.values(clocks)) counts.set(c, (counts.get(c) ?? 0) + 1);
  const common = [...counts].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))[0]?.[0];
  if (common === undefined) return {};
  const out: Record<string, string> = { '*': common };
  for (const [f, c] of Object.entries(clocks)) if (c !== common || named(f)) out[f] = c;
  return out;
}
