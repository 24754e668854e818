import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The test files that take longest, slowest first, as measured on both databases (2026-11-30, 20 s
 * and more of a worker each): each spawns servers, fuzzes every route, or seeds a million orders.
 * Started first, they run beside the many short files instead of alone at the end of the run.
 * Only the order depends on this list: a file missing from it runs after them, as Vitest orders it.
 */
export const slowestTestFiles = [
  'src/server/fulfilment/list-plans.test.ts',
  'src/server/crash-recovery.test.ts',
  'src/server/api-document/public-routes-fuzz.test.ts',
  'src/server/filing/fax-crash.test.ts',
  'src/server/filing/filing.test.ts',
  'src/server/filing/fax-crash-telnyx.test.ts',
  'src/server/filing/read-fax-back.test.ts',
  'src/server/staff/account/account.test.ts',
  'src/server/db/data-dir-lock.test.ts',
  'src/server/api-fuzz.test.ts',
  'src/server/staff/sign-in/two-factor.test.ts',
  'src/server/start-up-console.test.ts',
  'src/server/refunds/refunds.test.ts',
  'src/server/readiness.test.ts',
  'src/server/fax/test-transport/fax-backs-two-instances.test.ts',
  'src/server/api-document/odd-text-routes.test.ts',
  'src/server/staff/sign-in/session.test.ts',
  'src/server/staff-route-matrix.test.ts',
  'src/server/checkout/checkout.test.ts',
  'src/server/db/backup.test.ts',
  'src/server/staff/users/staff-cli.test.ts',
  'src/client/features/wizard/registration-step.test.tsx',
  'src/server/documents/masked-customer-documents.test.ts',
];

/**
 * Vitest's order (its record of the last run's times when it has one, else the files as found), with
 * the server's files before the browser code's and the slowest files first: a first run in a fresh
 * clone has no record, and would otherwise leave the longest files to the end, each alone.
 */
export default class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const at = slowestTestFiles.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
      return at === -1 ? slowestTestFiles.length : at;
    };
    const serverFirst = (spec: TestSpecification) => (spec.project.name === 'server' ? 0 : 1);
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort((a, b) => serverFirst(a.spec) - serverFirst(b.spec) || rank(a.spec) - rank(b.spec) || a.index - b.index)
      .map(({ spec }) => spec);
  }
}
