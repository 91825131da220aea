/** Markdown backslash escapes removed: the text a Markdown renderer would show. */
export function unescapeMarkdown(md: string): string {
  return md.replace(/\\([!-/:-@[-`{-~])/g, '$1');
}
