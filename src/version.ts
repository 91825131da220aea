/** Tool identity, kept in one module so reports and the User-Agent agree. */
export const TOOL_NAME = 'mcp-posture';
export const TOOL_VERSION = '0.1.0';
