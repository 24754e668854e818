import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';
import { readdirSync } from 'node:fs';

// Feature boundaries: a client feature folder may not import another feature; what several need lives in
// a shared place (the client's components/ and lib/).
const foldersOf = (parent) => readdirSync(parent, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const featureZones = (parent, message) =>
  foldersOf(parent).map((name) => ({ target: `./${parent}/${name}`, from: `./${parent}`, except: [`./${name}`], message }));

// Server modules (every folder of src/server): each is entered only through its index.ts, its one
// public face, from anywhere outside it (another module, the composition root, tests and scripts).
// A module's routes are its second face, for app.ts alone: only the app registers routes, and no index
// exports them (below), so no module reaches another's routes and, through them, the app's services.
const serverModules = foldersOf('src/server');
const serverModuleZones = serverModules.flatMap((name) => [
  {
    target: [...serverModules.filter((other) => other !== name).map((other) => `./src/server/${other}`), './src/server/!(app).ts', './tests', './scripts'],
    from: `./src/server/${name}`,
    except: ['./index.ts'],
    message: `Import src/server/${name} through its index.ts, its public face.`,
  },
  {
    target: './src/server/app.ts',
    from: `./src/server/${name}`,
    except: ['./index.ts', './routes.ts'],
    message: `Import src/server/${name} through its index.ts, or its routes.ts to register them.`,
  },
]);

// The architecture as rules: the browser and the server meet only in src/shared, and product code
// (anything in src/ but its tests) never imports the test kit in tests/.
const noImportsFrom = (...folders) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: folders.map((folder) => ({
        regex: `(^|/|#)${folder}(/|$)`,
        message: folder === 'tests' ? 'Product code may not import the test kit (tests/).' : `This layer may not import from src/${folder}.`,
      })),
    },
  ],
});

// Client boundaries (as in Bulletproof React): a feature imports no other feature, and the shared parts
// (components, lib) import no feature; routes.tsx, panel-routes.tsx and main.tsx compose them.
const clientZones = [
  ...featureZones('src/client/features', 'A feature may not import another feature: move what both need to src/client/lib or components, or compose them in routes.tsx.'),
  {
    target: ['./src/client/components', './src/client/lib'],
    from: ['./src/client/features', './src/client/routes.tsx', './src/client/panel-routes.tsx', './src/client/main.tsx'],
    message: 'Shared client code may not import a feature or the routes.',
  },
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', 'src/server/db/migrations/', 'src/paraglide/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // The customer's pages speak through the message catalogs (decision 061, docs/i18n.md): no text
  // literal in their markup, nor in the attributes a reader or a screen reader meets. The staff panel
  // stays English.
  {
    files: ['src/client/features/**/*.tsx', 'src/client/components/**/*.tsx'],
    ignores: [
      '**/*.test.tsx',
      'src/client/features/{staff,fulfilment,audit,filing,api-reference,dashboard}/**',
      'src/client/features/customer-data/customer-data-page.tsx',
    ],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { include: ['aria-label', 'aria-description', 'placeholder', 'title', 'alt', 'label', 'description'] },
          // Not words to translate: punctuation and numbers, acronyms, the brand, domain names, the
          // list markers of a legal text, stored values (snake_case) and class names (hyphenated tokens).
          words: {
            exclude: [
              '[0-9!-/:-@[-`{-~\\s·•–—|×“”‘’]+',
              '[A-Z][A-Z0-9_-]*',
              'EIN Filing Service',
              '[A-Za-z.]+\\.(gov|com)',
              '\\([a-z]\\)',
              '[a-z0-9]+(_[a-z0-9]+)+',
              '[a-z0-9:/.\\[\\]!-]*-[a-z0-9:/.\\[\\]!-]*( [a-z0-9:/.\\[\\]!-]+)*',
            ],
          },
          // A call's arguments that are identifiers, not text: a step's kind, a form field's name.
          callees: { exclude: ['i18n(ext)?', 't', 'require', 'isStep', 'register', 'form.register', 'includes', 'startsWith', 'endsWith'] },
        },
      ],
    },
  },
  {
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': ['error', { 'prefer-inline': true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // `import { type X }` still loads the module; a page importing only types must not load its code.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      'no-console': ['error', { allow: ['error', 'warn'] }],
      // Past two levels up, an import names where it goes from the top: #server/…, #shared/…, #client/…,
      // #tests/… (package.json "imports").
      'no-restricted-syntax': [
        'error',
        ...['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration', 'ImportExpression'].map((node) => ({
          selector: `${node}[source.value=/^(\\.\\.\\/){3}/]`,
          message: 'Import from #server/…, #shared/…, #client/… or #tests/… rather than climbing three or more levels.',
        })),
      ],
    },
    settings: { 'import-x/ignore': ['node_modules'], 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })] },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...noImportsFrom('server', 'tests'),
      'import-x/no-restricted-paths': ['error', { zones: clientZones }],
    },
  },
  { files: ['src/server/**/*.ts'], rules: noImportsFrom('client', 'tests') },
  { files: ['src/shared/**/*.ts'], rules: noImportsFrom('client', 'server', 'tests') },
  // Tests beside the code may use the test kit.
  { files: ['src/client/**/*.test.{ts,tsx}'], rules: noImportsFrom('server') },
  { files: ['src/server/**/*.test.ts'], rules: noImportsFrom('client') },
  { files: ['src/shared/**/*.test.ts'], rules: noImportsFrom('client', 'server') },
  {
    files: ['src/server/**/*.ts', 'tests/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverModuleZones }] },
  },
  // Only app.ts registers routes: a module's index keeps its routes.ts out of its public face.
  {
    files: ['src/server/*/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\./routes$', message: 'A module index does not export its routes: app.ts imports routes.ts to register them.' }] },
      ],
    },
  },
  {
    files: ['scripts/**', 'tests/**', '*.config.*', '.dependency-cruiser.cjs'],
    languageOptions: { globals: { ...globals.node, ...globals.commonjs } },
    rules: { 'no-console': 'off' },
  },
);
