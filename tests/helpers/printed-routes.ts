/**
 * Parses Fastify's `printRoutes({ commonPrefix: false })`: each tree line is a path suffix of its parent line. Answers
 * every path with the methods printed for it. Routes naming one parameter differently share a node printed as
 * `/:id|:eventId`: each name is tried.
 */
export function printedRoutes(tree: string): { path: string; methods: string[] }[] {
  const stack: string[][] = [];
  const routes: { path: string; methods: string[] }[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const [segment, ...otherNames] = match[2]!.split('|');
    const segments = [segment!, ...otherNames.map((name) => segment!.replace(/:[^/]*$/, name))];
    const paths = (depth > 0 ? stack[depth - 1]! : ['']).flatMap((parent) => segments.map((own) => parent + own));
    stack[depth] = paths;
    stack.length = depth + 1;
    const methods = (match[3] ?? '').split(', ').filter(Boolean);
    for (const path of paths) routes.push({ path, methods });
  }
  return routes;
}
