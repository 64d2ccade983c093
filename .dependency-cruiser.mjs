/**
 * The layers (docs/architecture.md): every product folder has one place in this list, and a
 * file may import only from its own folder, from folders of lower layers, and from folders
 * listed before its own in the same layer. That one rule makes the folder graph one-way: no
 * two folders import each other, directly or through others. Folders of a layer marked
 * `apart` may not import one another at all.
 *
 * `npm run check` runs this (`depcruise`); `npm run layers` prints the folder graph and its
 * loops (scripts/folder-graph.ts). A new folder goes into LAYERS, or its imports fail the check.
 */

/** Bottom to top. `lib` alone is the files directly in lib/ (cjk.ts, time.ts, …). */
export const LAYERS = [
  {
    name: 'shapes',
    what: 'types, schemas, constants and words; no I/O',
    folders: ['lib', 'lib/sites', 'lib/provider', 'lib/work', 'lib/settings', 'lib/text', 'lib/memory'],
  },
  {
    name: 'logic',
    what: 'pure functions over the shapes: ranking, history terms and search, privacy filter, formats',
    folders: [
      'lib/privacy',
      'lib/ranking',
      'lib/adapters',
      'lib/page',
      'lib/i18n',
      'lib/memory-file',
      'lib/sync',
      'lib/take-out',
      'lib/bridge',
      'lib/history',
    ],
  },
  {
    name: 'model calls',
    what: 'the SDK client behind the disclosure gate, and each call: prompt, tool, answer check',
    folders: ['lib/model', 'lib/add-keywords', 'lib/request-keywords', 'lib/bring-in', 'lib/extraction', 'lib/tidy'],
  },
  { name: 'storage', what: 'the only store: Dexie tables and the private database', folders: ['lib/db'] },
  {
    name: 'services',
    what: 'work that runs over the store: the extraction queue, sync rounds',
    folders: ['lib/queue', 'lib/sync-service'],
    apart: true,
  },
  { name: 'protocol', what: 'the messages between pages and the background', folders: ['lib/protocol'] },
  {
    name: 'pages',
    what: 'the chat page runtime and the panel’s presentational components',
    folders: ['lib/content', 'components'],
    apart: true,
  },
  {
    name: 'entrypoints',
    what: 'what WXT builds',
    folders: ['entrypoints/background', 'entrypoints/chat.content', 'entrypoints/sidepanel', 'entrypoints/privacy'],
    apart: true,
  },
  {
    name: 'tools',
    what: 'programs outside the extension: the desktop bridge, benchmarks, release scripts, build steps',
    folders: ['bridge', 'bench', 'scripts', 'build'],
    apart: true,
  },
];

const literal = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The path pattern of a folder's files (or of one file, named with its extension). */
const filesOf = (folder) => {
  if (folder === 'lib') return '^lib/[^/]+$';
  if (/\.tsx?$/.test(folder)) return `^${literal(folder)}$`;
  if (folder === 'entrypoints/chat.content') return '^entrypoints/chat\\.content\\.ts$';
  return `^${literal(folder)}/`;
};
const anyOf = (folders) => `(${folders.map(filesOf).join('|')})`;

const order = LAYERS.flatMap((layer, l) => layer.folders.map((folder, i) => ({ folder, l, i, layer })));

/** For each folder, the folders it must not import: every later one, and its siblings when apart. */
const layerRules = order.map(({ folder, l, i, layer }) => {
  const forbidden = order
    .filter((o) => o.folder !== folder && (o.l > l || (o.l === l && (layer.apart || o.i > i))))
    .map((o) => o.folder);
  return {
    name: 'layer-order',
    severity: 'error',
    comment: `${folder} (layer "${layer.name}") imports only its own folder, lower layers and the folders before it in its layer (docs/architecture.md)`,
    from: { path: filesOf(folder) },
    to: { path: anyOf(forbidden) },
  };
});

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    ...layerRules,
    {
      name: 'folder-in-a-layer',
      severity: 'error',
      comment: 'Every product folder has a place in LAYERS (.dependency-cruiser.mjs, docs/architecture.md)',
      from: {
        path: '^(lib|entrypoints|components|bridge|bench|scripts|build)/',
        pathNot: anyOf(order.map((o) => o.folder)),
      },
      to: {},
    },
    {
      name: 'components-present',
      severity: 'error',
      comment: 'components/ are presentational: no store, no services, no model calls (CONTRIBUTING.md)',
      from: { path: '^components/' },
      to: { path: anyOf(['lib/db', 'lib/queue', 'lib/sync-service', 'lib/model', 'entrypoints/background']) },
    },
    {
      name: 'dexie-in-db',
      severity: 'error',
      comment: 'lib/db is the store: Dexie stays there, but for the change notifications named in docs/architecture.md',
      from: {
        path: '^(lib|entrypoints|components)/',
        pathNot: anyOf([
          'lib/db',
          'lib/sync/changes-here.ts',
          'lib/sync-service/service.ts',
          'entrypoints/background/block/stale.ts',
          'entrypoints/background/sync-wiring.ts',
        ]),
      },
      to: { path: '^node_modules/dexie/' },
    },
    {
      name: 'no-file-cycles',
      severity: 'error',
      comment: 'No import cycles between files, type-only imports included',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // TypeScript 7 has no compiler API for dependency-cruiser; Babel reads every import instead.
    babelConfig: { fileName: 'scripts/layers/imports-only.cjs' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(\\.output|\\.wxt|tests|bridge/dist)' },
    moduleSystems: ['es6', 'cjs'],
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'] },
  },
};
