/** The folder a product file belongs to in the layer map (docs/architecture.md), or null. */
export function folderOf(path: string): string | null {
  const parts = path.split('/');
  const [top, second] = parts;
  if (top === 'lib' || top === 'entrypoints') {
    if (parts.length === 2) return top === 'lib' ? 'lib' : `entrypoints/${(second ?? '').replace(/\.tsx?$/, '')}`;
    return `${top}/${second}`;
  }
  if (['components', 'bridge', 'bench', 'scripts', 'build'].includes(top ?? '')) return top ?? null;
  return null;
}

/** Tarjan's strongly connected components of a directed graph given as adjacency lists. */
export function stronglyConnected(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      out.push(component);
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}
