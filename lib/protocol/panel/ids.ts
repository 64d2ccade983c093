/** Bounds on the ids the side panel names, shared by its message groups. */
import * as z from 'zod/mini';

export const IdSchema = z.string().check(z.maxLength(400));
export const MemoryIdsSchema = z.array(z.string().check(z.maxLength(200))).check(z.maxLength(1000));
