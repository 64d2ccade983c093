/**
 * The desktop bridge end to end: `npm run bridge:install` into a temporary profile, the
 * browser's permission for native messaging, and an MCP client from the official SDK that
 * starts the bridge over stdio exactly as Claude Desktop does (`npm run -s bridge:mcp`).
 */
import { execFileSync } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ROOT } from './paths';
import { grantInProfile } from './profile-grants';

export function bridgeInstall(args: readonly string[], env: Record<string, string> = {}): string {
  return bridgeScript('bridge:install', args, env);
}

/** `npm run bridge:uninstall`: removes what install wrote for these options. */
export function bridgeUninstall(args: readonly string[], env: Record<string, string> = {}): string {
  return bridgeScript('bridge:uninstall', args, env);
}

function bridgeScript(script: string, args: readonly string[], env: Record<string, string>): string {
  return execFileSync('npm', ['run', '-s', script, '--', ...args], {
    cwd: ROOT,
    // npm itself stays quiet and offline (a temporary HOME would make it check for updates).
    env: { ...process.env, npm_config_update_notifier: 'false', ...env },
    encoding: 'utf8',
  });
}

/** The browser's permission for native messaging, granted in the profile (see ./profile-grants.ts). */
export function grantNativeMessaging(profile: string, extensionId: string): void {
  grantInProfile(profile, extensionId, { api: ['nativeMessaging'] });
}

export async function mcpClient(socketDir: string, name = 'claude-mem-e2e'): Promise<Client> {
  const transport = new StdioClientTransport({
    command: 'npm',
    args: ['run', '-s', 'bridge:mcp'],
    cwd: ROOT,
    env: { ...(process.env as Record<string, string>), CLAUDE_MEM_BRIDGE_DIR: socketDir },
    stderr: 'pipe',
  });
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport);
  return client;
}

export interface ToolText {
  isError: boolean;
  text: string;
  ids: string[];
  /** remember: the proposed memory's id. */
  proposedId?: string;
}

export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolText> {
  const r = (await client.callTool({ name, arguments: args })) as {
    isError?: boolean;
    content: { type: string; text: string }[];
    structuredContent?: { memories?: { id: string }[]; proposed?: { id: string } | null };
  };
  const proposedId = r.structuredContent?.proposed?.id;
  return {
    isError: r.isError === true,
    text: r.content.map((c) => c.text).join('\n'),
    ids: r.structuredContent?.memories?.map((m) => m.id) ?? [],
    ...(proposedId ? { proposedId } : {}),
  };
}
