/** Whether the built files are missing or older than a source they are made from. */
export function clientBuildIsStale(): boolean;
/** What the last build printed, when it was made from the sources as they are now; else null. */
export function freshBuildOutput(): string | null;
/** Builds both bundles, passing on what Vite prints, and records it; resolves to Vite's exit code. */
export function buildClient(): Promise<number>;
