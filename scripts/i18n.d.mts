/** Compiles the message catalogs when one is newer than the last compile (or always, with `force`); true when it compiled. */
export function compileMessages(options?: { force?: boolean }): Promise<boolean>;
