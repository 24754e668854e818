import { startServer } from './server';

await startServer();
