import { startServer } from '#server/server.ts';
import { registerTestSupportRoutes } from '../support/test-api/routes';

// The server the browser tests run against: the product's own start, plus the test-only set-up API
// (`/api/test-support/…`, decision 012), which no production process has.

await startServer({ addRoutes: registerTestSupportRoutes });
