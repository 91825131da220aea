/**
 * The login's loopback redirect (RFC 8252 §7.3): a listener on 127.0.0.1 (or `localhost`, which still
 * binds 127.0.0.1) at an ephemeral or given port, serving only `/callback`. It resolves with the
 * first callback URL, or null at the timeout, and is closed either way. A listener, not a probe:
 * it lives in src/net; src/login/flow.ts drives it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CallbackOptions {
  /** The host name put in the redirect URI. The listener binds 127.0.0.1 in both cases. */
  readonly host: '127.0.0.1' | 'localhost';
  /** 0 for an ephemeral port. */
  readonly port: number;
}

export interface CallbackListener {
  readonly redirectUri: string;
  /** The full callback URL the browser was sent to, or null when the timeout came first. */
  wait(timeoutMs: number): Promise<URL | null>;
  close(): Promise<void>;
}

const PAGE = (title: string, text: string): string =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p></body></html>`;

export async function listenForCallback(opts: CallbackOptions): Promise<CallbackListener> {
  let deliver: ((u: URL) => void) | null = null;
  let received: URL | null = null;
  let redirectUri = '';
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', redirectUri);
    if (req.method !== 'GET' || url.pathname !== '/callback') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    // Only the first callback counts: a second one (a reload, a forged request) changes nothing.
    const first = received === null;
    if (first) received = url;
    res
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': "default-src 'none'",
        'referrer-policy': 'no-referrer',
      })
      .end(
        first
          ? PAGE('mcp-posture', 'The authorization response was received. You can close this window.')
          : PAGE('mcp-posture', 'This login has already received its callback.'),
      );
    if (first) deliver?.(url);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  redirectUri = `http://${opts.host}:${port}/callback`;
  let closed: Promise<void> | null = null;
  const close = (): Promise<void> =>
    (closed ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }));
  return {
    redirectUri,
    wait(timeoutMs) {
      if (received) return Promise.resolve(received);
      return new Promise<URL | null>((resolve) => {
        const timer = setTimeout(() => resolve(null), timeoutMs);
        deliver = (u) => {
          clearTimeout(timer);
          resolve(u);
        };
      });
    },
    close,
  };
}
