/** What the memory file reader tells the user about a file it refuses (the test fails if it takes it). */
import { expect } from 'vitest';
import { MemoryFileError, parseMemoryFile } from '../../../lib/memory-file/format';

export function errorOf(text: string): string {
  try {
    parseMemoryFile(text);
  } catch (error) {
    expect(error).toBeInstanceOf(MemoryFileError);
    return (error as Error).message;
  }
  throw new Error('expected the file to be refused');
}
