/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [],
  options: {
    babelConfig: { fileName: 'scripts/layers/imports-only.cjs' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|\\.output|\\.wxt|tests|bridge/dist)' },
    moduleSystems: ['es6', 'cjs'],
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'] },
  },
};
