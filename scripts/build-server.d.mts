export declare const defaultServerBundle: string;
/** True when the bundle is missing or older than any server or contracts source. */
export declare function serverBuildIsStale(outfile?: string): boolean;
/** Bundles server/main.ts into one ES module for plain node; returns its path. */
export declare function buildServer(outfile?: string, options?: { sourcemap: boolean }): Promise<string>;
/** The bundle `npm start` and the benchmarks run, rebuilt first when a source is newer. */
export declare function ensureServerBuild(outfile?: string): Promise<string>;
