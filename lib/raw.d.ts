declare module '*?raw' {
  const text: string;
  export default text;
}

/** Vite bundles a `?worker` import as its own script and gives a Worker constructor for it. */
declare module '*?worker' {
  const WorkerConstructor: new () => Worker;
  export default WorkerConstructor;
}
