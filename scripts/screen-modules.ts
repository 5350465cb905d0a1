// Which source module each route's screen lives in, read from the areas' screens.ts files (the build cannot run
// them: they are client code). A screen is `route: screen(() => import('./module'), 'Export')` or
// `route: screen(loader, 'Export')` with `const loader = () => import('./module')` in the same file. The build uses
// it to list each route's chunks, which the server announces with the page of a signed-in user.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** The path of `import('…')` when `node` is `() => import('…')`, else null. */
function importedBy(node: ts.Node): string | null {
  if (!ts.isArrowFunction(node) || !ts.isCallExpression(node.body)) return null;
  const call = node.body;
  if (call.expression.kind !== ts.SyntaxKind.ImportKeyword) return null;
  const [arg] = call.arguments;
  return arg && ts.isStringLiteral(arg) ? arg.text : null;
}

function sourceFile(dir: string, path: string): string | null {
  const base = resolve(dir, path);
  for (const candidate of [base, `${base}.tsx`, `${base}.ts`]) if (existsSync(candidate)) return candidate;
  return null;
}

/** Route name -> the screen's module, as a path relative to `root` (e.g. src/client/features/cases/x.tsx). */
export function screenModules(root: string): Map<string, string> {
  const features = join(root, 'src/client/features');
  const out = new Map<string, string>();
  for (const area of readdirSync(features, { withFileTypes: true })) {
    const file = join(features, area.name, 'screens.ts');
    if (!area.isDirectory() || !existsSync(file)) continue;
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const loaders = new Map<string, string>();
    const screens: { route: string; loader: ts.Node }[] = [];
    const walk = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        const path = importedBy(node.initializer);
        if (path) loaders.set(node.name.text, path);
      }
      if (
        ts.isPropertyAssignment(node) &&
        ts.isCallExpression(node.initializer) &&
        ts.isIdentifier(node.initializer.expression) &&
        node.initializer.expression.text === 'screen' &&
        node.initializer.arguments[0]
      ) {
        const name = node.name;
        const route = ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : null;
        if (route) screens.push({ route, loader: node.initializer.arguments[0] });
      }
      ts.forEachChild(node, walk);
    };
    walk(source);
    for (const { route, loader } of screens) {
      const path = ts.isIdentifier(loader) ? loaders.get(loader.text) : importedBy(loader);
      const module = path ? sourceFile(dirname(file), path) : null;
      if (module) out.set(route, relative(root, module).split('\\').join('/'));
    }
  }
  return out;
}
