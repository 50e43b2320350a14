import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { mcpCalls } from '../../../shared/api/mcp.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import type { SessionUser } from '../../platform/auth/sessions.ts';
import { TOKEN_MSG } from '../../platform/auth/token-gate.ts';
import { schemaOf } from '../../platform/contract.ts';
import { AppError, UnauthorizedError } from '../../platform/errors.ts';
import type { LibraryTool } from './tools.ts';

export const MCP_MSG = {
  tokenNeeded: 'The MCP server needs a personal token: Authorization: Bearer <token> (Settings > Developer).',
  noStream: 'This MCP server is stateless and offers no stream; POST each message.',
} as const;

const SERVER_INFO = { name: 'folio', version: '1.0.0' };

const answer = (value: unknown): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value, null, 2) }],
});
const refusal = (message: string): CallToolResult => ({
  isError: true,
  content: [{ type: 'text', text: message }],
});

/** One request's server: the tools bound to the token's user, refusing write tools to a read token. */
function serverFor(user: SessionUser, tools: LibraryTool[]): McpServer {
  const server = new McpServer(SERVER_INFO);
  for (const tool of tools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        annotations: { readOnlyHint: !tool.write },
      },
      async (args: Record<string, unknown>) => {
        if (tool.write && user.token?.scope !== 'write') return refusal(TOKEN_MSG.readOnly);
        try {
          return answer(await tool.run(user, args as never));
        } catch (error) {
          // a refusal the calls would answer (not found, bad input, a plan limit) is the tool's answer
          if (error instanceof AppError) return refusal(error.message);
          throw error;
        }
      },
    );
  }
  return server;
}

/** The Model Context Protocol at /mcp (issue 30): only a personal token opens it (401 otherwise). */
export function registerMcpRoutes(app: FastifyInstance, deps: { auth: Auth; tools: LibraryTool[] }) {
  const tokenUser = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = await deps.auth.currentUser(request);
    if (user?.token) return user;
    // how an MCP client learns it should send a bearer token
    reply.header('www-authenticate', 'Bearer realm="folio"');
    throw new UnauthorizedError(MCP_MSG.tokenNeeded);
  };

  // Stateless: each POST gets its own server and transport, so any instance answers any message.
  app.route({
    method: mcpCalls.message.method,
    url: mcpCalls.message.path,
    schema: schemaOf(mcpCalls.message),
    // without a token it is a 401 saying so, not a cross-site refusal
    config: { tokenOnly: true },
    preValidation: async (request, reply) => {
      await tokenUser(request, reply);
    },
    handler: async (request, reply) => {
      const user = await tokenUser(request, reply);
      const server = serverFor(user, deps.tools);
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      reply.hijack();
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    },
  });

  app.route({
    method: mcpCalls.stream.method,
    url: mcpCalls.stream.path,
    schema: schemaOf(mcpCalls.stream),
    handler: async (request, reply) => {
      await tokenUser(request, reply);
      reply.header('allow', 'POST');
      throw new AppError(405, MCP_MSG.noStream);
    },
  });
}
