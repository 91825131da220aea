/**
 * The command as users run it: `dist/cli/bin.js` (tsc's output) bundled with its packages into
 * `dist/bin/`. Unbundled, a scan first loads ~1 000 files (the checks, zod, jose, ajv, undici,
 * commander), and resolving and compiling them one by one took ~0.5 s before the first request;
 * bundled, the same code loads from a few files. Dynamic imports stay separate chunks, so a
 * command loads only what it uses. Whitespace and comments go; names stay, so stack traces read.
 * The library entry (`dist/index.js`) is not bundled: its users' own bundlers do that.
 */
import { defineConfig } from 'rolldown';

/** Loaded from node_modules at run time: a native addon, and the PostgreSQL driver with its optional native part. */
const EXTERNAL = ['better-sqlite3', 'pg', 'pg-native'];

export default defineConfig({
  input: { 'mcp-posture': 'dist/cli/bin.js' },
  platform: 'node',
  external: (id) => EXTERNAL.some((p) => id === p || id.startsWith(`${p}/`)),
  output: {
    dir: 'dist/bin',
    cleanDir: true,
    format: 'esm',
    sourcemap: true,
    comments: { legal: true },
    minify: { compress: false, mangle: false, codegen: { removeWhitespace: true } },
    chunkFileNames: '[name]-[hash].js',
  },
});
