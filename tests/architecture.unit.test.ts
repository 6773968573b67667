import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ERROR_CODES, type ErrorCode } from '@contracts/errors.rules';
import type { ApiRequestError, ClientErrorCode } from '@web/lib/api-client';

// Which way imports may point (docs/architecture.md, server/README.md): checked over the real source tree, so a wrong
// import fails CI. The map in docs/architecture.md is checked against the tree too (below).
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

  it('the web spells no server path itself: every one comes from contracts/api-paths.ts', () => {
    const spelled = web
      .filter((file) => !file.includes('.test.'))
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/['"`]\/api\//g)].map(() => rel(file)));
    expect(spelled).toEqual([]);
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

  /** The base folders that are plugins too (the others are libraries the capabilities call). */
  const BASE_PLUGINS = ['http', 'mail', 'limits', 'metrics'];
  const pluginMetaOf = async (folder: string) => {
    const module = (await import(path.join(root, 'server', folder, `${folder}.module.ts`))) as Record<string, unknown>;
    const plugin = module[`${folder}Module`] as { [key: symbol]: { name?: string; dependencies?: string[] } } | undefined;
    return plugin?.[Symbol.for('plugin-meta')] ?? null;
  };

  it('each plugin is named after its folder and declares exactly the plugins whose decorations it reads (http for all)', async () => {
    // Who decorates what: app.decorate('name', …) in a folder's production code.
    const decoratedBy = new Map<string, string>();
    for (const file of production)
      for (const m of readFileSync(file, 'utf8').matchAll(/\.decorate\(\s*'(\w+)'/g)) decoratedBy.set(m[1], serverFolderOf(rel(file))!);
    expect([...decoratedBy.keys()]).toEqual(expect.arrayContaining(['guards', 'gameService', 'leaderboardService', 'lifecycle']));
    // What a folder reads of another's: app.<name> (or base., instance.), and the guards through organizerScope() (which
    // reads them for its caller, counted there).
    // The API document's organizer-only page (server/http/api-docs.ts) looks the guards up per request, after boot: the
    // one read that needs no order.
    const notCounted = ['server/http/organizer-scope.ts', 'server/http/api-docs.ts'].map((file) => path.join(root, file));
    const reads = (folder: string) => {
      const text = production
        .filter((file) => serverFolderOf(rel(file)) === folder && !notCounted.includes(file))
        .map((file) => readFileSync(file, 'utf8'))
        .join('\n');
      const owners = [...decoratedBy]
        .filter(([name]) => new RegExp(`\\b(?:app|base|instance)\\.${name}\\b`).test(text))
        .map(([, owner]) => owner);
      if (/organizerScope\(/.test(text)) owners.push('auth');
      return owners.filter((owner) => owner !== folder);
    };
    const declared = new Map<string, string[]>();
    const wrong: string[] = [];
    for (const folder of [...BASE_PLUGINS, ...SERVER_CAPABILITIES]) {
      const meta = await pluginMetaOf(folder);
      if (meta?.name !== folder) wrong.push(`${folder}: named ${meta?.name}`);
      const dependencies = meta?.dependencies ?? [];
      declared.set(folder, dependencies);
      const needed = new Set([...(folder === 'http' ? [] : ['http']), ...reads(folder)]);
      for (const dependency of needed)
        if (!dependencies.includes(dependency)) wrong.push(`${folder}: reads ${dependency}'s decorations, not declared`);
      for (const dependency of dependencies)
        if (!needed.has(dependency)) wrong.push(`${folder}: declares ${dependency} and reads nothing of it`);
    }
    expect(wrong).toEqual([]);
    // A capability's needs follow the map: never a folder that may not be imported from it, never into a cycle.
    for (const [folder, dependencies] of declared)
      for (const dependency of dependencies) expect(['admin', 'spa'], `${folder} → ${dependency}`).not.toContain(dependency);
    const dependencyGraph = new Map([...declared].map(([folder, dependencies]) => [folder, new Map(dependencies.map((d) => [d, d]))]));
    expect(folderCycles(dependencyGraph)).toEqual([]);
  });

  it('a plugin registered before one it declares is refused at boot', async () => {
    const { default: Fastify } = await import('fastify');
    const { shareModule } = await import('../server/share/share.module');
    const app = Fastify({ logger: false });
    app.register(shareModule, {} as never);
    await expect(app.ready()).rejects.toMatchObject({ code: 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED' });
    await app.close();
  });
});

/** The rows of the Markdown table that follows `heading` in `text`, each as its cells (backticks removed). */
function markdownTableAfter(text: string, heading: string): string[][] {
  const start = text.indexOf(heading);
  if (start < 0) return [];
  const rows: string[][] = [];
  let inTable = false;
  for (const line of text.slice(start + heading.length).split('\n')) {
    if (line.startsWith('|')) {
      inTable = true;
      const cells = line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim().replaceAll('`', ''));
      if (!cells.every((cell) => /^-*$/.test(cell))) rows.push(cells);
    } else if (inTable) break;
  }
  return rows.slice(1); // the header row
}

describe('docs/architecture.md tells the truth about the tree', () => {
  const doc = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
  const folderRows = [...markdownTableAfter(doc, '**Base folders**'), ...markdownTableAfter(doc, '**Capabilities**')].map(
    ([folder, kind]) => ({ folder: folder.replace(/\/$/, ''), kind }),
  );

  it('names every server folder, each once, with the kind the import rules give it', () => {
    const folders = readdirSync(path.join(root, 'server')).filter((name) => statSync(path.join(root, 'server', name)).isDirectory());
    expect(folderRows.map(({ folder }) => folder).sort()).toEqual([...folders].sort());
    expect(
      folderRows
        .filter(({ kind }) => kind === 'base')
        .map(({ folder }) => folder)
        .sort(),
    ).toEqual([...SERVER_BASE].sort());
    expect(
      folderRows
        .filter(({ kind }) => kind === 'capability')
        .map(({ folder }) => folder)
        .sort(),
    ).toEqual([...SERVER_CAPABILITIES].sort());
  });

  it("says which capabilities each capability uses: its 'May use' column is what its files import", () => {
    const graph = serverFolderGraph(sourceFiles(path.join(root, 'server')).filter((file) => !file.endsWith('.test.ts')));
    const rows = markdownTableAfter(doc, '**Capabilities**').map(([folder, , , mayUse]) => ({ folder: folder.replace(/\/$/, ''), mayUse }));
    const wrong = rows
      .filter(({ mayUse }) => mayUse !== 'any')
      .flatMap(({ folder, mayUse }) => {
        const said = mayUse
          .split(',')
          .map((word) => word.trim())
          .filter((word) => SERVER_CAPABILITIES.includes(word))
          .sort();
        const imported = [...(graph.get(folder)?.keys() ?? [])].filter((to) => SERVER_CAPABILITIES.includes(to)).sort();
        return JSON.stringify(said) === JSON.stringify(imported)
          ? []
          : [`${folder}: says ${said.join(', ') || 'none'}, imports ${imported.join(', ') || 'none'}`];
      });
    expect(wrong).toEqual([]);
  });

  it('lists every table the server declares, in the file named after its owner (a server folder)', () => {
    const declared = new Map<string, string>();
    for (const file of serverProductionFiles()) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bpgTable\(\s*'([^']+)'/g)) declared.set(m[1], rel(file));
    }
    expect(declared.size).toBeGreaterThan(10);
    const rows = markdownTableAfter(doc, '## Who owns which table').map(([table, file, owner]) => ({ table, file, owner }));
    expect(rows.map(({ table }) => table).sort()).toEqual([...declared.keys()].sort());
    const where = (file: string) => (file.startsWith('server/') ? file : `server/db/tables/${file}`);
    expect(rows.filter(({ table, file }) => declared.get(table) !== where(file)).map(({ table }) => table)).toEqual([]);
    expect(rows.filter(({ owner }) => !SERVER_BASE.includes(owner) && !SERVER_CAPABILITIES.includes(owner))).toEqual([]);
    // One owner, one file: server/db/tables/<owner>.tables.ts.
    expect(
      rows.filter(({ table, owner }) => declared.get(table) !== `server/db/tables/${owner}.tables.ts`).map(({ table }) => table),
    ).toEqual([]);
  });

  it('names only files that exist in the paths of a guess and of a pack', () => {
    const paths = doc.slice(doc.indexOf('## The path of a guess'));
    const named = [...paths.matchAll(/`((?:server|scripts)\/[\w./-]+\.(?:ts|mjs))`/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((file) => !existsSync(path.join(root, file)))).toEqual([]);
  });

  it('no function on the path of a guess (the files it names) is longer than 80 lines', () => {
    const section = doc.slice(doc.indexOf('## The path of a guess'), doc.indexOf('## The path of a pack'));
    const files = [...new Set([...section.matchAll(/`(server\/[\w./-]+\.ts)`/g)].map((m) => m[1]))];
    expect(files.length).toBeGreaterThan(8);
    expect(functionsLongerThan(80, files)).toEqual([]);
  });

  it('the length check sees a long function, an arrow and a method', () => {
    const body = Array.from({ length: 81 }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const text = `function long() {\n${body}\n}\nconst arrow = () => {\n${body}\n};\nclass C {\n  m() {\n${body}\n  }\n}\nfunction short() {}\n`;
    expect(functionsLongerThan(80, ['x.ts'], () => text).map((found) => found.replace(/ \(\d+ lines\)/, ''))).toEqual([
      'x.ts:1 long',
      'x.ts:84 arrow',
      'x.ts:168 m',
    ]);
  });
});

/** Every function (declaration, arrow, method) in `files` longer than `max` lines, as "file:line name (N lines)". */
function functionsLongerThan(max: number, files: string[], read = (file: string) => readFileSync(path.join(root, file), 'utf8')): string[] {
  const found: string[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, read(file), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const lines = source.getLineAndCharacterOfPosition(node.end).line - first + 1;
        const parent = node.parent;
        const name =
          node.name?.getText(source) ??
          (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) ? parent.name.getText(source) : '(anonymous)');
        if (lines > max) found.push(`${file}:${first + 1} ${name} (${lines} lines)`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

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
function serverProductionFiles() {
  return sourceFiles(path.join(root, 'server')).filter((file) => !file.endsWith('.test.ts'));
}
const serverProduction = serverProductionFiles();

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
