/**
 * undici parses HTTP/1.1 with llhttp compiled to WebAssembly. V8 first compiles it with its
 * baseline compiler (Liftoff) and then, once the parser is warm, recompiles it with TurboFan
 * on a background thread: that compile alone allocates ~30 MB (a third of a quiet scan's peak
 * RSS) for a parser that here reads at most a few MiB per request. Keeping WebAssembly on the
 * baseline tier removes that peak; the scanner runs no other WebAssembly. The flags are
 * process-wide and only affect modules compiled afterwards, so this runs before the first
 * connection (undici compiles llhttp lazily, on its first connection).
 */
import { setFlagsFromString } from 'node:v8';

let applied = false;

export function keepWasmOnBaselineTier(): void {
  if (applied) return;
  applied = true;
  // Both are needed: without dynamic tiering V8 tiers every function up eagerly instead.
  setFlagsFromString('--no-wasm-dynamic-tiering');
  setFlagsFromString('--no-wasm-tier-up');
}
