// `node --import tsx --import ./bench/lib/raw-register.mjs bench/x.ts`: enables `?raw` imports.
import { register } from 'node:module';

register('./raw-hooks.mjs', import.meta.url);
