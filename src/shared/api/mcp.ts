import { z } from 'zod';
import { defineCall } from './define.ts';

/** A JSON-RPC message or batch of the Model Context Protocol; the MCP SDK reads it. */
const mcpMessage = z
  .union([z.record(z.string(), z.unknown()), z.array(z.record(z.string(), z.unknown()))])
  .describe('A JSON-RPC 2.0 message (or batch) of the Model Context Protocol');

/**
 * The MCP server for AI assistants (issue 30): the Streamable HTTP transport, stateless, with a
 * personal token only. Its tools are listed by the protocol itself (tools/list).
 */
export const mcpCalls = {
  message: defineCall({
    method: 'POST',
    path: '/mcp',
    summary:
      'Model Context Protocol (Streamable HTTP, stateless) for assistants, with a personal token: tools ' +
      'search_library, get_item, list_highlights (read); save_bookmark, add_note (write scope)',
    caller: 'session',
    // each tool checks its own scope: a read token lists and reads, a write token also saves
    scope: 'read',
    body: mcpMessage,
    produces: 'application/json',
  }),
  stream: defineCall({
    method: 'GET',
    path: '/mcp',
    summary: 'No server-sent stream: the MCP server is stateless and answers 405, as the protocol allows',
    caller: 'session',
  }),
};
