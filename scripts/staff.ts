// `npm run staff -- create-admin --email a@b.c [--name "Full Name"] [--password x]`: makes an admin
// account, or gives an existing one back (admin role, active, new password), from the command line,
// on the same database the app uses. The way back in when nobody can sign in.
import { parseArgs } from 'node:util';
import { loadEnv } from '#server/env.ts';
import { createUserFields, passwordOwnerCheck } from '#shared/staff/users.ts';
import { loadPasswordScorer } from '#shared/staff/password-rule.ts';
import { refuseUnstorableText } from '#shared/storable-text.ts';

const usage = `Usage: npm run staff -- create-admin --email <e-mail> [--name "Full Name"] [--password <password>]

Commands:
  create-admin   Creates an admin account. If the e-mail already has an account, makes it an active
                 admin with the new password instead, signs it out everywhere and clears its
                 two-factor sign-in (for an admin who lost their phone).
                 The admin sets up two-factor sign-in at their next sign-in, and with a generated
                 password, chooses a new password first.

Options:
  --email        The admin's e-mail address (required).
  --name         Full name. A new account defaults to "Administrator"; an existing one keeps its name.
  --password     At least 12 characters, not easy to guess, without the e-mail or name (the
                 Users screen's rule). Leave it out to have one generated and printed once
                 (a password typed here stays in your shell history).
  -h, --help     Shows this text.

The database is the app's: DATABASE_URL when it is set, otherwise the embedded one under DATA_DIR
(default ./data). Variables are read from the environment and from .env in this folder.`;

/** Exit status for a command line that cannot be run as given. */
const usageError = 2;

function fail(message: string, status = 1): never {
  console.error(message);
  process.exit(status);
}

function parseCommandLine() {
  try {
    return parseArgs({
      args: process.argv.slice(2),
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        password: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return fail(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`, usageError);
  }
}

const { values, positionals } = parseCommandLine();
if (values.help) {
  console.log(usage);
  process.exit(0);
}
if (positionals.length !== 1 || positionals[0] !== 'create-admin') {
  fail(positionals.length === 0 ? usage : `Unknown command: ${positionals.join(' ')}\n\n${usage}`, usageError);
}
if (values.email === undefined) fail(`--email is required.\n\n${usage}`, usageError);

// The same rules as the Users screen's dialog, the password's strength included.
await loadPasswordScorer();
const parsed = refuseUnstorableText(createUserFields.pick({ email: true, name: true, password: true }).partial({ name: true, password: true }))
  .superRefine((value, context) => passwordOwnerCheck({ email: value.email, name: value.name ?? '', password: value.password ?? '' }, context))
  .safeParse({ email: values.email, name: values.name, password: values.password });
if (!parsed.success) {
  fail(parsed.error.issues.map((issue) => `--${issue.path.join('.')}: ${issue.message}`).join('\n'), usageError);
}
const admin = parsed.data;

let env;
try {
  env = loadEnv();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

// Loaded only now, so that help and mistakes on the command line answer at once.
const [{ openDatabase }, { createOrResetAdmin, generatePassword }] = await Promise.all([
  import('#server/db/index.ts'),
  import('#server/staff/index.ts'),
]);
const generated = admin.password === undefined;
const password = admin.password ?? generatePassword();

try {
  const database = await openDatabase(env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: env.DATA_DIR });
  try {
    const outcome = await createOrResetAdmin(database, { email: admin.email, name: admin.name, password, generated });
    console.log(
      outcome === 'created'
        ? `Admin ${admin.email} created.`
        : `Admin ${admin.email} reset: an active admin again, with the new password and no two-factor sign-in (set it up again at the next sign-in); their sessions have ended.`,
    );
    if (generated) console.log(`Password (shown only this once): ${password}`);
  } finally {
    await database.close();
  }
} catch (error) {
  fail(`Could not create the admin: ${error instanceof Error ? error.message : String(error)}`);
}
