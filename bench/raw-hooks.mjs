// Lets benchmarks run under tsx while importing `*.md?raw` like Vite does:
//   node --import tsx --import ./bench/raw-hooks.mjs bench/<script>.ts
import { register } from 'node:module';

register('./raw-loader.mjs', import.meta.url);
