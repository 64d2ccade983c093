/**
 * The bridge program. `mcp`: the MCP server on stdio (what Claude Desktop, Claude Code and
 * Cursor start). Anything else: the native messaging host, as the browser starts it (Chrome
 * passes the caller's origin, Firefox the manifest path and the extension id).
 */
import { dirname } from 'node:path';
import { startHost } from './host';
import { HostClient } from './host-client';
import { runMcp } from './mcp';
import { socketPath } from './socket-dir';

const log = (line: string) => process.stderr.write(`claude-mem bridge: ${line}\n`);
const path = socketPath();
const dir = process.platform === 'win32' ? null : dirname(path);

if (process.argv[2] === 'mcp') {
  runMcp(new HostClient(path, dir)).catch((error) => {
    log(String(error));
    process.exit(1);
  });
} else {
  startHost({ input: process.stdin, output: process.stdout, socketPath: path, dir, log })
    .then((host) => {
      // The browser closed the port (or quit; Chrome also sends SIGTERM): stop serving, remove the socket.
      const stop = () => void host.close().finally(() => process.exit(0));
      process.stdin.on('end', stop);
      process.stdin.on('close', stop);
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
    })
    .catch((error) => {
      log(String(error));
      process.exit(1);
    });
}
