/** `--ca-file`: read once per run (every target and the login share it); an unreadable file is a usage error. */
import { readFileSync } from 'node:fs';

import { UsageError } from './errors.js';

const cache = new Map<string, string>();

export function readCaFile(file: string): string {
  let ca = cache.get(file);
  if (ca === undefined) {
    try {
      ca = readFileSync(file, 'utf8');
    } catch (err) {
      throw new UsageError(`cannot read ${file}: ${(err as Error).message}`);
    }
    cache.set(file, ca);
  }
  return ca;
}
