/** A large synthetic surface (about 1 MB of tools/list for 200 tools) for the speed figures. */
export function bigTools(n: number, descriptionChars: number, tag: string): unknown[] {
  const words =
    'reads writes lists the file folder value result item record page entry from into with for and'.split(
      ' ',
    );
  const text = (seed: number, len: number) => {
    // Every sentence is distinct, so that no clause is judged twice (the judge memoises clauses):
    // the figure is that of a listing that never repeats itself, within a run or between runs.
    let s = `${tag}-${seed} `;
    for (let i = 0; s.length < len; i++)
      s += `${i % 12 === 0 && i > 0 ? `${tag}${seed}n${i} ` : ''}${words[(seed + i * 7) % words.length]}${i % 12 === 11 ? '. ' : ' '}`;
    return s;
  };
  return Array.from({ length: n }, (_, i) => ({
    name: `tool_${i}`,
    description: text(i * 100, descriptionChars),
    inputSchema: {
      type: 'object',
      properties: Object.fromEntries(
        Array.from({ length: 8 }, (_, j) => [
          `p${j}`,
          { type: 'string', description: text(i * 100 + j + 1, 300), examples: [text(i * 100 + j + 50, 40)] },
        ]),
      ),
    },
  }));
}
