// PouchDB's packages, imported by their ES module files: @types/pouchdb-* declare a global
// `Buffer` that clashes with Node's, so sync types what it uses itself (pouch-types.ts).
declare module 'pouchdb-core/lib/index.es.js' {
  const PouchDB: unknown;
  export default PouchDB;
}
declare module 'pouchdb-adapter-indexeddb/lib/index.es.js' {
  const plugin: unknown;
  export default plugin;
}
declare module 'pouchdb-adapter-http/lib/index.es.js' {
  const plugin: unknown;
  export default plugin;
}
declare module 'pouchdb-replication/lib/index.es.js' {
  const plugin: unknown;
  export default plugin;
}
declare module 'pouchdb-adapter-memory/lib/index.es.js' {
  const plugin: unknown;
  export default plugin;
}
