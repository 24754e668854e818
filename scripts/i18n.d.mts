/** Compiles the message catalogs when one is newer than the last compile (or always, with `force`); true when it compiled. */
export function compileMessages(options?: { force?: boolean }): Promise<boolean>;
/** The expression the compiled messages read their build's language from. */
export const staticLocaleExpression: string;
/** What a build defines to fix that language. */
export const staticLocaleDefine: string;
/** A compiled message as a build fixed to `locale` keeps it: that language's function alone; `undefined` for any other module. */
export function messageInLocale(source: string, locale: string): string | undefined;
/** The latest modification time of `entry`, or of anything in it when it is a folder. */
export function newestChange(entry: string): number;
