import type { Services } from './contracts';
import type { StaffServices } from './staff';
import type { FilingContext } from './filing';
import type { JobClock } from './jobs';

/**
 * Everything `buildApp` builds and hands out: the platform's services (src/server/contracts), which any
 * module may take, and the staff module's and the filing leg's own, which only they and the app use. The
 * composition root's type: modules import `Services` (or their own module's), never this.
 */
export type AppServices = Services &
  StaffServices & {
    /** The filing leg: the fax provider, the fax outbox, and what each filing operation is given. */
    filing: FilingContext;
    /** When each background job last finished, for the metrics' lag. */
    jobClock: JobClock;
  };
