/** String handling for SARIF: message text, automation IDs and artifact URIs. */
import { createHash } from 'node:crypto';
import { isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * `run.automationDetails.id` is the GitHub code scanning category: it must
 * stay the same for a target across runs, or GitHub closes every alert and
 * opens new ones. The hash keeps targets whose slugs collide apart.
 */
export function targetSlug(url: string): string {
  const readable = url
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  const hash = createHash('sha256').update(url).digest('hex').slice(0, 8);
  return readable ? `${readable}-${hash}` : hash;
}

/**
 * `artifactLocation.uri` must be a URI reference: relative paths keep their
 * shape (GitHub resolves them against the repository root), absolute paths
 * become file URLs, and characters a URI cannot hold are percent-encoded.
 */
export function artifactUri(file: string): string {
  if (/^[a-z][a-z0-9+.-]+:/i.test(file)) return file; // already a URI (a drive letter is one character)
  if (isAbsolute(file)) return pathToFileURL(file).href;
  return file
    .replace(/\\/g, '/')
    .split('/')
    .map((seg) => encodeURIComponent(seg))
    .join('/');
}
