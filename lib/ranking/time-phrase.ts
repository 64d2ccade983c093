import type { DayRange } from '../memory/when';

/** A time expression found in a request: the days it names and where it stands in the text. */
export interface TimePhrase {
  windows: DayRange[];
  start: number;
  end: number;
}
