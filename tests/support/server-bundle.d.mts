/** Bundles `entry` (a path from the project's root) into `outfile`, under the project's node_modules, and answers `outfile`. */
export function buildServerBundle(entry: string, outfile: string): Promise<string>;
