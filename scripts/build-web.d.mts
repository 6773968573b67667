export declare const defaultWebDist: string;
/** True when dist/web has no index.html or one older than any web or contracts source. */
export declare function webBuildIsStale(): boolean;
/** Builds dist/web when stale (production React build); returns its path; throws if the build fails. */
export declare function ensureWebBuild(): string;
