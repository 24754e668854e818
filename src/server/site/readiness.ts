/** Why the server is not ready: start-up has not finished, or shutdown has begun. */
export type NotReadyReason = 'starting' | 'stopping';

/**
 * Whether this server should be sent work (`GET /api/ready`, decision 064): not while starting (the
 * database migrated, then the background jobs started), then ready, and not again from the stop
 * signal on, while it drains and closes. Stopping is final.
 */
export type Readiness = {
  state(): 'ready' | NotReadyReason;
  markReady(): void;
  markStopping(): void;
};

export function createReadiness(initial: 'ready' | 'starting' = 'starting'): Readiness {
  let state: 'ready' | NotReadyReason = initial;
  return {
    state: () => state,
    markReady() {
      if (state === 'starting') state = 'ready';
    },
    markStopping() {
      state = 'stopping';
    },
  };
}
