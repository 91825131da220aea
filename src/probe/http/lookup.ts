/**
 * Name resolution for the client, and the connect-time lookup that applies the address
 * policy. Vetting inside net.connect's own lookup means the address checked is the address
 * connected to: a rebinding DNS server gets no second answer.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { LookupAddress, LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { bareHost } from './address-policy.js';

export type Resolve = (hostname: string) => Promise<readonly string[]>;

function notFound(host: string): Error {
  return Object.assign(new Error(`no address for ${host}`), { code: 'ENOTFOUND', hostname: host });
}

/** Resolve a hostname to every address (IP literals resolve to themselves). */
export function createResolver(override?: (hostname: string) => Promise<readonly string[]>): Resolve {
  return async (hostname) => {
    const host = bareHost(hostname);
    if (isIP(host)) return [host];
    const addresses = override
      ? await override(host)
      : (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);
    const valid = addresses.filter((a) => isIP(a) !== 0);
    if (valid.length === 0) throw notFound(host);
    return valid;
  };
}

function wantedFamily(family: LookupOptions['family']): 0 | 4 | 6 {
  if (family === 4 || family === 'IPv4') return 4;
  if (family === 6 || family === 'IPv6') return 6;
  return 0;
}

/**
 * A `lookup` for net/tls.connect. `vet` sees every resolved address and throws to refuse
 * the connection; only vetted addresses are handed to the socket.
 */
export function connectLookup(
  resolve: Resolve,
  vet?: (addresses: readonly string[]) => Promise<void>,
): LookupFunction {
  return (hostname, options, callback) => {
    const run = async (): Promise<string[]> => {
      const all = await resolve(hostname);
      if (vet) await vet(all);
      const family = wantedFamily(options.family);
      const picked = family ? all.filter((a) => isIP(a) === family) : [...all];
      if (picked.length === 0) throw notFound(hostname);
      return picked;
    };
    run()
      .then(
        (addresses) => {
          if (options.all) {
            const list: LookupAddress[] = addresses.map((address) => ({ address, family: isIP(address) }));
            callback(null, list);
          } else {
            const first = addresses[0] ?? '';
            callback(null, first, isIP(first));
          }
        },
        (err: NodeJS.ErrnoException) => callback(err, '', 0),
      )
      // A throwing callback must not become an unhandled rejection.
      .catch(() => undefined);
  };
}
