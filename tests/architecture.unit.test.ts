import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Which way imports may point (STYLE.md): checked over the real source tree, so a wrong import fails CI.
const root = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

/** Each import of a file, resolved to a repo-relative path (package imports are kept as written). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2]);
  return specifiers.map((spec) => resolveSpecifier(file, spec));
}

/** Imports that load the module at run time: everything but `import type { … }` (the one form surely erased). */
function valueImportsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:import|export)(?!\s+type\s)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2]);
  return specifiers.map((spec) => resolveSpecifier(file, spec));
}

function resolveSpecifier(file: string, spec: string): string {
  if (spec.startsWith('@contracts/')) return `contracts/${spec.slice('@contracts/'.length)}`;
  if (spec.startsWith('@web/')) return `web/${spec.slice('@web/'.length)}`;
  if (spec.startsWith('.')) return path.relative(root, path.resolve(path.dirname(file), spec));
  return spec;
}

const rel = (file: string) => path.relative(root, file);
const violations = (files: string[], rule: (from: string, to: string) => string | null) =>
  files.flatMap((file) => importsOf(file).map((target) => rule(rel(file), target)).filter((v): v is string => v !== null));

describe('import boundaries', () => {
  const web = sourceFiles(path.join(root, 'web'));
  // Tests next to server code may use tests/support; production server code may not.
  const server = sourceFiles(path.join(root, 'server')).filter((file) => !file.endsWith('.test.ts'));
  const contracts = sourceFiles(path.join(root, 'contracts'));

  it('web and server never import each other; contracts import only zod', () => {
    expect(violations(web, (from, to) => (to.startsWith('server/') || to.startsWith('tests/') ? `${from} → ${to}` : null))).toEqual([]);
    expect(violations(server, (from, to) => (to.startsWith('web/') || to.startsWith('tests/') ? `${from} → ${to}` : null))).toEqual([]);
    expect(
      violations(contracts, (from, to) => (to.startsWith('contracts/') || to === 'zod' ? null : `${from} → ${to}`)),
    ).toEqual([]);
  });

  it('web imports only types from contracts that use zod (zod stays out of the browser, SPEC 13)', () => {
    // A contracts module "uses zod" if it, or a contracts module it imports, imports zod.
    const usesZod = (module: string, seen = new Set<string>()): boolean => {
      if (seen.has(module)) return false;
      seen.add(module);
      return importsOf(path.join(root, `${module}.ts`)).some((to) => to === 'zod' || (to.startsWith('contracts/') && usesZod(to, seen)));
    };
    expect(contracts.filter((file) => usesZod(rel(file).replace(/\.ts$/, ''))).length).toBeGreaterThan(0);
    const valueImports = web.flatMap((file) =>
      valueImportsOf(file).filter((to) => to.startsWith('contracts/')).map((to) => ({ from: rel(file), to })),
    );
    expect(valueImports.length).toBeGreaterThan(0);
    expect(valueImports.filter(({ to }) => usesZod(to)).map(({ from, to }) => `${from} → ${to}`)).toEqual([]);
  });

  it('a web feature never imports another feature; ui and lib import no feature', () => {
    const featureOf = (p: string) => p.match(/^web\/features\/([^/]+)/)?.[1];
    expect(
      violations(web, (from, to) => {
        const target = featureOf(to);
        if (!target) return null;
        const source = featureOf(from);
        if (source && source !== target) return `${from} → ${to}`;
        if (from.startsWith('web/ui/') || from.startsWith('web/lib/')) return `${from} → ${to}`;
        return null;
      }),
    ).toEqual([]);
  });

  it('db, mail and storage import no other server capability', () => {
    const base = ['server/db/', 'server/mail/', 'server/storage/'];
    expect(
      violations(server, (from, to) => {
        const own = base.find((b) => from.startsWith(b));
        if (!own || !to.startsWith('server/')) return null;
        return to.startsWith(own) || (own !== 'server/db/' && to.startsWith('server/db/')) || to === 'server/env' ? null : `${from} → ${to}`;
      }),
    ).toEqual([]);
  });
});

describe('the landing page ships only what it needs (docs/decisions/020)', () => {
  /** Imports that load with the module (static, not `import type`, not `import()`), resolved to files or packages. */
  function staticValueImportsOf(file: string): string[] {
    const text = readFileSync(file, 'utf8');
    const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)(?!\s+type\s)\s[^'"]*?from\s+['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g)].map((m) => m[1] ?? m[2]);
    return specifiers.map((spec) => resolveSpecifier(file, spec));
  }
  const toFile = (module: string) => ['.ts', '.tsx', '/index.ts'].map((ext) => path.join(root, `${module}${ext}`)).find((file) => {
    try {
      return statSync(file).isFile();
    } catch {
      return false;
    }
  });

  /** The modules and packages a module loads with it (its static value imports, transitively). */
  function staticGraph(entry: string) {
    const packages = new Set<string>();
    const seen = new Set<string>();
    const visit = (module: string) => {
      if (seen.has(module)) return;
      seen.add(module);
      const file = toFile(module);
      if (!file) return;
      for (const target of staticValueImportsOf(file)) {
        if (/^(web|contracts)\//.test(target)) visit(target.replace(/\.(tsx?|css)$/, ''));
        else if (!target.startsWith('.')) packages.add(target);
      }
    };
    visit(entry);
    return { modules: seen, packages };
  }

  it('the entry chunk (web/app/main.tsx and its static imports) reaches no TanStack Query, better-auth, sonner or Radix dialog/popover', () => {
    const { modules, packages } = staticGraph('web/app/main');
    expect(modules.has('web/routes/landing')).toBe(true);
    expect([...packages].filter((name) => /^(@tanstack\/|better-auth|@better-auth\/|sonner|@radix-ui\/react-(dialog|popover))/.test(name))).toEqual([]);
  });

  it('/play (its route module and its static imports) loads neither better-auth nor the complete and history views before START CHALLENGE (docs/decisions/025)', () => {
    const { modules, packages } = staticGraph('web/routes/play');
    expect(modules.has('web/features/game/components/home-view')).toBe(true);
    expect(modules.has('web/features/game/components/guessing-view')).toBe(true);
    expect([...packages].filter((name) => /^(better-auth|@better-auth\/|sonner)/.test(name))).toEqual([]);
    expect([...modules].filter((module) => /^web\/(lib\/auth-client|features\/game\/components\/(complete|history)-view)$/.test(module))).toEqual([]);
  });

  it("routes are declarative: React Router's data router (~14 kB brotli more in the entry chunk) is not used (docs/decisions/025)", () => {
    const web = sourceFiles(path.join(root, 'web'));
    const users = web.filter((file) => /\b(createBrowserRouter|createHashRouter|RouterProvider|useLoaderData|useRouteError)\b/.test(readFileSync(file, 'utf8')));
    expect(users.map(rel)).toEqual([]);
  });
});
