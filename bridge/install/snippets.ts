/**
 * What to paste into each desktop tool so it starts the MCP role: `npm run -s bridge:mcp` in
 * this checkout (`-s` keeps npm's own lines off stdout, which carries JSON-RPC only).
 */

export function configSnippets(checkout: string): string {
  const server = { command: 'npm', args: ['run', '-s', '--prefix', checkout, 'bridge:mcp'] };
  const json = JSON.stringify({ mcpServers: { 'claude-mem': server } }, null, 2);
  const quoted = checkout.includes(' ') ? `"${checkout}"` : checkout;
  return [
    'Claude Desktop — Settings → Developer → Edit Config (claude_desktop_config.json), add:',
    json,
    '',
    'Claude Code — run once:',
    `  claude mcp add claude-mem -- npm run -s --prefix ${quoted} bridge:mcp`,
    '',
    'Cursor — ~/.cursor/mcp.json (or .cursor/mcp.json in a project):',
    json,
  ].join('\n');
}
