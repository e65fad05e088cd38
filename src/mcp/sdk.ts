// The MCP SDK's server-side classes, re-exported from one module so the rest of src/mcp names
// them in one place.
export { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
export { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
