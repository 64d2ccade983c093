/**
 * The side panel's file reader, off the panel's thread: reads the one file it is sent and
 * answers with progress, then the preview's items or a reason (lib/bring-in/source-job.ts).
 * The panel ends it when done or cancelled; it keeps nothing.
 */
import { runSourceJob, type SourceJobMessage } from '../../lib/bring-in/source-job';

interface WorkerScope {
  onmessage: ((event: MessageEvent<{ file: File }>) => void) | null;
  postMessage(message: SourceJobMessage): void;
}

const scope = self as unknown as WorkerScope;
scope.onmessage = (event) => void runSourceJob(event.data.file, (message) => scope.postMessage(message));
