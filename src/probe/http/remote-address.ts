/**
 * Which peer address served a request. undici does not expose the socket to dispatch
 * handlers, but it publishes `undici:client:sendHeaders` ({ request, socket })
 * synchronously right after calling the handler's onRequestStart on that same socket.
 * A handler claims the next publication from inside onRequestStart; nothing else can run
 * in between, and the claim is dropped at the next microtask if no publication follows.
 */
import { subscribe } from 'node:diagnostics_channel';

type Claim = (address: string | undefined) => void;

let pending: Claim | null = null;
let subscribed = false;

function onSendHeaders(message: unknown): void {
  const claim = pending;
  if (!claim) return;
  pending = null;
  const socket = (message as { socket?: { remoteAddress?: unknown } } | null)?.socket;
  claim(typeof socket?.remoteAddress === 'string' ? socket.remoteAddress : undefined);
}

/** Call from onRequestStart: `claim` receives the address of the socket the request is written to. */
export function claimNextSocket(claim: Claim): void {
  if (!subscribed) {
    subscribe('undici:client:sendHeaders', onSendHeaders);
    subscribed = true;
  }
  pending = claim;
  queueMicrotask(() => {
    if (pending === claim) pending = null;
  });
}
