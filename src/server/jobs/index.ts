// The jobs module's public face: other modules import from here only.
export { startJobRunner } from './job-runner';
export type { Job, JobRunner } from './job-runner';
