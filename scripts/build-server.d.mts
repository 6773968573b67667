export declare const defaultServerBundle: string;
/** True when the bundle is missing or older than any of its sources (by default the server's and contracts'). */
export declare function serverBuildIsStale(outfile?: string, from?: string[]): boolean;
/** Bundles server/main.ts into one ES module for plain node; returns its path. */
export declare function buildServer(outfile?: string, options?: { sourcemap: boolean }): Promise<string>;
/** The bundle `npm start` and the benchmarks run, rebuilt first when a source is newer. */
export declare function ensureServerBuild(outfile?: string): Promise<string>;
/** glibc malloc settings the server runs with unless the environment sets its own (see build-server.mjs). */
export declare function serverMallocEnv(env?: NodeJS.ProcessEnv): { MALLOC_ARENA_MAX: string; MALLOC_MMAP_THRESHOLD_: string };
/** The organizer commands scripts/cli.mjs runs: name → entry point. */
export declare const cliCommands: Record<'admin-create' | 'challenges-import' | 'storage-migrate', string>;
/** The bundle of an organizer command, rebuilt first when a source is newer; returns its path. */
export declare function ensureCliBuild(name: keyof typeof cliCommands): Promise<string>;
