// Node module hooks for `import text from './file.md?raw'`, the Vite/WXT convention the product
// uses for prompt templates: the bench runs the product's own modules under plain Node (tsx).
import { readFile } from 'node:fs/promises';

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !url.endsWith('?raw')) return nextLoad(url, context);
  const text = await readFile(new URL(url.slice(0, -'?raw'.length)), 'utf8');
  return { format: 'module', source: `export default ${JSON.stringify(text)};`, shortCircuit: true };
}
