import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ERROR_CODES, type ErrorCode } from '@contracts/errors.rules';
import type { ApiRequestError, ClientErrorCode } from '@web/lib/api-client';

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
  const specifiers = [...text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map(
    (m) => m[1] ?? m[2],
  );
  return specifiers.map((spec) => resolveSpecifier(file, spec));
}

/** Imports that load the module at run time: everything but `import type { … }` (the one form surely erased). */
function valueImportsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(/(?:import|export)(?!\s+type\s)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1] ?? m[2]);
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
  files.flatMap((file) =>
    importsOf(file)
      .map((target) => rule(rel(file), target))
      .filter((v): v is string => v !== null),
  );

describe('import boundaries', () => {
  const web = sourceFiles(path.join(root, 'web'));
  // Tests next to server code may use tests/support; production server code may not.
  const server = sourceFiles(path.join(root, 'server')).filter((file) => !file.endsWith('.test.ts'));
  const contracts = sourceFiles(path.join(root, 'contracts'));

  it('web and server never import each other; contracts import only zod', () => {
    expect(violations(web, (from, to) => (to.startsWith('server/') || to.startsWith('tests/') ? `${from} → ${to}` : null))).toEqual([]);
    expect(violations(server, (from, to) => (to.startsWith('web/') || to.startsWith('tests/') ? `${from} → ${to}` : null))).toEqual([]);
    expect(violations(contracts, (from, to) => (to.startsWith('contracts/') || to === 'zod' ? null : `${from} → ${to}`))).toEqual([]);
  });

  it('no test imports bench code (scripts/bench/): what both need lives in tests/support/', () => {
    const tests = [...sourceFiles(path.join(root, 'server')), ...sourceFiles(path.join(root, 'tests'))].filter((file) =>
      /\.test\.tsx?$|tests\/support\//.test(rel(file)),
    );
    expect(tests.length).toBeGreaterThan(0);
    expect(violations(tests, (from, to) => (to.startsWith('scripts/bench/') ? `${from} → ${to}` : null))).toEqual([]);
  });

  it('web imports only types from contracts that use zod (zod stays out of the browser: docs/decisions/020)', () => {
    // A contracts module "uses zod" if it, or a contracts module it imports, imports zod.
    const usesZod = (module: string, seen = new Set<string>()): boolean => {
      if (seen.has(module)) return false;
      seen.add(module);
      return importsOf(path.join(root, `${module}.ts`)).some((to) => to === 'zod' || (to.startsWith('contracts/') && usesZod(to, seen)));
    };
    expect(contracts.filter((file) => usesZod(rel(file).replace(/\.ts$/, ''))).length).toBeGreaterThan(0);
    const valueImports = web.flatMap((file) =>
      valueImportsOf(file)
        .filter((to) => to.startsWith('contracts/'))
        .map((to) => ({ from: rel(file), to })),
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
});

/**
 * The map of server/ (server/README.md): base folders hold what every capability builds on, capability folders one
 * feature each (one Fastify plugin, `<folder>/<folder>.module.ts`), and only app.ts and main.ts compose them all.
 */
const SERVER_BASE = ['db', 'mail', 'storage', 'limits', 'scoring', 'audit', 'http', 'metrics'];
const SERVER_CAPABILITIES = ['auth', 'game', 'challenges', 'players', 'event', 'leaderboard', 'share', 'admin', 'spa'];
const SERVER_ROOT_FILES = ['app.ts', 'main.ts', 'env.ts'];

/** The server folder a repo-relative path lies in ('' for the server root), or null outside server/. */
const serverFolderOf = (p: string) => (p.startsWith('server/') ? (p.slice('server/'.length).match(/^([^/]+)\//)?.[1] ?? '') : null);

/** Folder → the other server folders its production files import (root files excluded: they compose). */
function serverFolderGraph(files: string[], importsOfFile: (file: string) => string[] = importsOf): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of files) {
    const from = serverFolderOf(rel(file));
    if (!from) continue;
    for (const target of importsOfFile(file)) {
      const to = serverFolderOf(target);
      if (to === null || to === from || to === '') continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      if (!edges.has(to)) edges.set(to, `${rel(file)} → ${target}`);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** Every cycle between folders, each as its folders in order (each cycle reported once, from its smallest name). */
function folderCycles(graph: Map<string, Map<string, string>>): string[][] {
  const cycles: string[][] = [];
  const visit = (start: string, node: string, path: string[]) => {
    for (const next of graph.get(node)?.keys() ?? []) {
      if (next === start) cycles.push([...path, start]);
      else if (next > start && !path.includes(next)) visit(start, next, [...path, next]);
    }
  };
  for (const start of [...graph.keys()].sort()) visit(start, start, [start]);
  return cycles;
}

describe('the server map (server/README.md)', () => {
  const all = sourceFiles(path.join(root, 'server'));
  const production = all.filter((file) => !file.endsWith('.test.ts'));

  it('every server folder is a known base or capability folder; the root holds only app.ts, main.ts and env.ts (and their tests)', () => {
    const folders = readdirSync(path.join(root, 'server')).filter((name) => statSync(path.join(root, 'server', name)).isDirectory());
    expect(folders.filter((name) => !SERVER_BASE.includes(name) && !SERVER_CAPABILITIES.includes(name))).toEqual([]);
    const loose = readdirSync(path.join(root, 'server')).filter((name) => !statSync(path.join(root, 'server', name)).isDirectory());
    expect(
      loose.filter(
        (name) =>
          !SERVER_ROOT_FILES.some((file) => name === file || name.startsWith(`${file.replace(/\.ts$/, '')}.`)) && name !== 'README.md',
      ),
    ).toEqual([]);
  });

  it('no server file imports admin/ (it only composes); only app.ts and main.ts do', () => {
    expect(
      violations(production, (from, to) =>
        to.startsWith('server/admin/') && !from.startsWith('server/admin/') && !['server/app.ts', 'server/main.ts'].includes(from)
          ? `${from} → ${to}`
          : null,
      ),
    ).toEqual([]);
  });

  it('nothing imports main.ts, and only main.ts imports app.ts; env.ts imports no server folder', () => {
    expect(
      violations(production, (from, to) =>
        to === 'server/main' || (to === 'server/app' && from !== 'server/main.ts') ? `${from} → ${to}` : null,
      ),
    ).toEqual([]);
    expect(violations(production, (from, to) => (from === 'server/env.ts' && serverFolderOf(to) ? `${from} → ${to}` : null))).toEqual([]);
  });

  it('base folders (db, mail, storage, limits, scoring, audit, http, metrics) import no capability; db imports no other folder', () => {
    expect(
      violations(production, (from, to) => {
        const own = serverFolderOf(from);
        const target = serverFolderOf(to);
        if (!own || !SERVER_BASE.includes(own) || target === null || target === own) return null;
        if (target === '') return to === 'server/env' ? null : `${from} → ${to}`;
        if (own === 'db' || SERVER_CAPABILITIES.includes(target)) return `${from} → ${to}`;
        return null;
      }),
    ).toEqual([]);
  });

  it('no import cycle between server folders', () => {
    const graph = serverFolderGraph(production);
    const cycles = folderCycles(graph).map((cycle) =>
      cycle
        .slice(1)
        .map((to, i) => graph.get(cycle[i])!.get(to)!)
        .join(' ; '),
    );
    expect(cycles).toEqual([]);
  });

  it('the cycle check sees a cycle (a → b → c → a) and a two-folder cycle', () => {
    const graph = new Map([
      ['a', new Map([['b', 'x']])],
      ['b', new Map([['c', 'x']])],
      ['c', new Map([['a', 'x']])],
      ['d', new Map([['e', 'x']])],
      ['e', new Map([['d', 'x']])],
    ]);
    expect(folderCycles(graph)).toEqual([
      ['a', 'b', 'c', 'a'],
      ['d', 'e', 'd'],
    ]);
  });

  it('app.ts registers each capability through its one plugin (<folder>/<folder>.module.ts) and nothing else of it', () => {
    const appFile = path.join(root, 'server/app.ts');
    const wrong = valueImportsOf(appFile).filter((to) => {
      const folder = serverFolderOf(to);
      return folder && SERVER_CAPABILITIES.includes(folder) && to !== `server/${folder}/${folder}.module`;
    });
    expect(wrong).toEqual([]);
    const registered = SERVER_CAPABILITIES.filter((folder) => valueImportsOf(appFile).includes(`server/${folder}/${folder}.module`));
    expect(registered).toEqual(SERVER_CAPABILITIES);
  });
});

describe('the landing page ships only what it needs (docs/decisions/020)', () => {
  /** Imports that load with the module (static, not `import type`, not `import()`), resolved to files or packages. */
  function staticValueImportsOf(file: string): string[] {
    const text = readFileSync(file, 'utf8');
    const specifiers = [
      ...text.matchAll(/(?:^|\n)\s*(?:import|export)(?!\s+type\s)\s[^'"]*?from\s+['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g),
    ].map((m) => m[1] ?? m[2]);
    return specifiers.map((spec) => resolveSpecifier(file, spec));
  }
  const toFile = (module: string) =>
    ['.ts', '.tsx', '/index.ts']
      .map((ext) => path.join(root, `${module}${ext}`))
      .find((file) => {
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
    expect(
      [...packages].filter((name) => /^(@tanstack\/|better-auth|@better-auth\/|sonner|@radix-ui\/react-(dialog|popover))/.test(name)),
    ).toEqual([]);
  });

  it('/play (its route module and its static imports) loads neither better-auth nor the complete and history views before START CHALLENGE (docs/decisions/025)', () => {
    const { modules, packages } = staticGraph('web/routes/play');
    expect(modules.has('web/features/game/components/home-view')).toBe(true);
    expect(modules.has('web/features/game/components/guessing-view')).toBe(true);
    expect([...packages].filter((name) => /^(better-auth|@better-auth\/|sonner)/.test(name))).toEqual([]);
    expect(
      [...modules].filter((module) => /^web\/(lib\/auth-client|features\/game\/components\/(complete|history)-view)$/.test(module)),
    ).toEqual([]);
  });

  it("routes are declarative: React Router's data router (~14 kB brotli more in the entry chunk) is not used (docs/decisions/025)", () => {
    const web = sourceFiles(path.join(root, 'web'));
    const users = web.filter((file) =>
      /\b(createBrowserRouter|createHashRouter|RouterProvider|useLoaderData|useRouteError)\b/.test(readFileSync(file, 'utf8')),
    );
    expect(users.map(rel)).toEqual([]);
  });
});

/** Every server source file but the tests. */
const serverProduction = sourceFiles(path.join(root, 'server')).filter((file) => !file.endsWith('.test.ts'));

describe('organizer routes', () => {
  it('every plugin that declares /api/admin routes opens with organizerScope (organizers only, never cached), not its own guard', () => {
    const declaring = serverProduction
      .map((file) => ({ file: rel(file), text: readFileSync(file, 'utf8') }))
      .filter(({ text }) => /\bapp\.(?:get|post|put|patch|delete)\(\s*['`]\/api\/admin\//.test(text));
    expect(declaring.length).toBeGreaterThanOrEqual(7);
    expect(declaring.filter(({ text }) => !/const app = organizerScope\(base\);/.test(text)).map(({ file }) => file)).toEqual([]);
    expect(declaring.filter(({ text }) => text.includes('requireOrganizer')).map(({ file }) => file)).toEqual([]);
  });
});

describe('one error idiom: refusals are thrown HttpErrors with codes declared in contracts/errors.rules.ts', () => {
  const errorHandler = path.join(root, 'server/http/error-handler.ts');

  it('no server code sends an error body itself (only the error handler does)', () => {
    const sends = serverProduction
      .filter((file) => file !== errorHandler)
      .flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/\.send\(\s*\{[^}]*?\bcode\s*:/g)].map((m) => `${rel(file)}: ${m[0].replace(/\s+/g, ' ')}`),
      );
    expect(sends).toEqual([]);
  });

  it("every code the server throws is declared (tsc checks HttpError's type; this reads the literals)", () => {
    const thrown = serverProduction.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/new HttpError\(\s*\d+,\s*'([^']+)'/g)].map((m) => ({ file: rel(file), code: m[1] })),
    );
    expect(thrown.length).toBeGreaterThan(5);
    expect(thrown.filter(({ code }) => !(ERROR_CODES as readonly string[]).includes(code))).toEqual([]);
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it("the web narrows on the contract's codes: ApiRequestError.code is an ErrorCode (or the browser's own), never spelled out", () => {
    expectTypeOf<ApiRequestError['code']>().toEqualTypeOf<ErrorCode | ClientErrorCode>();
    const spelled = sourceFiles(path.join(root, 'web')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/['"`]([A-Z][A-Z_]+)['"`]/g)]
        .filter((m) => (ERROR_CODES as readonly string[]).includes(m[1]))
        .map((m) => `${rel(file)}: ${m[0]}`),
    );
    expect(spelled).toEqual([]);
  });
});
