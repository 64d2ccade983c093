/**
 * Where the two roles meet: a Unix domain socket in a directory only this user can enter
 * (mode 0700, owned by this uid, not a symlink), or a named pipe on Windows. Never TCP.
 *
 * Plain Node cannot read SO_PEERCRED, so the peer's uid is not checked on the socket itself.
 * What keeps other users out is the directory: connecting to a Unix socket needs search
 * permission on every directory of its path, and this one grants none to group or others. The
 * socket file is also created with no group or other bits (umask 077 while binding). Both sides check the directory
 * before use and refuse one that another user owns or could enter, so a directory planted in
 * /tmp by someone else is never used. Root can still connect, as root can read the browser's
 * profile anyway.
 */
import { lstatSync, mkdirSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

const SOCKET_NAME = 'bridge.sock';

/** The per-user directory: CLAUDE_MEM_BRIDGE_DIR (tests), $XDG_RUNTIME_DIR/claude-mem, else a uid-named one in the temp dir. */
function socketDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CLAUDE_MEM_BRIDGE_DIR) return env.CLAUDE_MEM_BRIDGE_DIR;
  if (env.XDG_RUNTIME_DIR) return join(env.XDG_RUNTIME_DIR, 'claude-mem');
  return join(tmpdir(), `claude-mem-${userInfo().uid}`);
}

/** The socket's path, or the named pipe's name on Windows (named per user). */
export function socketPath(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (platform === 'win32') return `\\\\.\\pipe\\claude-mem-bridge-${userInfo().username}`;
  return join(socketDir(env), SOCKET_NAME);
}

class UnsafeDirError extends Error {
  override name = 'UnsafeDirError';
}

/** Throws UnsafeDirError unless `dir` is a real directory owned by this user with no group/other bits. */
export function checkDir(dir: string): void {
  const st = lstatSync(dir);
  const uid = process.getuid?.();
  if (!st.isDirectory()) throw new UnsafeDirError(`${dir} is not a directory`);
  if (uid !== undefined && st.uid !== uid) throw new UnsafeDirError(`${dir} belongs to uid ${st.uid}, not ${uid}`);
  if ((st.mode & 0o077) !== 0)
    throw new UnsafeDirError(`${dir} is open to other users (mode ${(st.mode & 0o777).toString(8)})`);
}

/** Creates the directory 0700 when missing, then checks it (an existing one is never loosened or trusted blindly). */
export function ensureDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  checkDir(dir);
}
