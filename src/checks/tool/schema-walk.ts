/** A bounded walk over a JSON value that reports every object node with the key path to it. */
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const WALK_DEPTH = 64;
const MAX_NODES = 20_000;

export function walkObjects(root: unknown, visit: (node: Obj, path: readonly string[]) => void): void {
  let nodes = 0;
  const go = (v: unknown, path: string[]) => {
    if (path.length > WALK_DEPTH || nodes >= MAX_NODES) return;
    if (Array.isArray(v)) {
      v.forEach((x, i) => go(x, [...path, String(i)]));
      return;
    }
    if (!isObj(v)) return;
    nodes++;
    visit(v, path);
    for (const [k, x] of Object.entries(v)) go(x, [...path, k]);
  };
  go(root, []);
}

/** True when the path is `properties/<name>` repeated: reachable through property keys only. */
export function onlyThroughProperties(path: readonly string[]): boolean {
  if (path.length === 0 || path.length % 2 !== 0) return false;
  for (let i = 0; i < path.length; i += 2) if (path[i] !== 'properties') return false;
  return true;
}
