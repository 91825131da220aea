/**
 * The one way the tests start a browser: Debian's chromium (/usr/bin/chromium) through
 * playwright-core, headless, without the sandbox (containers), and without the background
 * traffic (component updates, sync, QUIC probes) that would show up as requests the page did
 * not make. A missing binary fails the caller's file: a skip would hide that the property went
 * untested.
 */
import { existsSync } from 'node:fs';

import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
}
