/**
 * Every `head + tail` for the given heads and tails, `|`-separated. Japanese and Chinese put the
 * object before the verb ("指示を無視"), so a verb phrase is written whole and read in English order
 * ("ignore instructions"), which the English rules need.
 */
export function each(heads: string, tails: string): string {
  return heads
    .split('|')
    .flatMap((h) => tails.split('|').map((t) => h + t))
    .join('|');
}
