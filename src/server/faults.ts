// The points where a crash would cost the most: between claiming an e-mail and sending it, between
// sending it and recording that it was sent, between a payment's success and its order, between
// recording a refund and asking the provider for it, and at each step of a fax's send (claimed, its
// attempt recorded, its document half written by the test transport, its details written, the
// provider's answer not yet recorded); and start-up between listening and starting the background
// jobs, where `/api/ready` still answers 503. The
// composition root gives every service the `Faults` it was started with: in production `noFaults`,
// which passes each point at once; the crash tests start the server with one that stops the process
// at a chosen point (tests/support/crash-server.ts), so their SIGKILL lands exactly there.

export const faultPoints = [
  'email-claimed',
  'email-sent',
  'payment-succeeded',
  'refund-recorded',
  'fax-claimed',
  'fax-attempt-recorded',
  'fax-document-written',
  'fax-details-written',
  'fax-sent',
  'jobs-starting',
] as const;
export type FaultPoint = (typeof faultPoints)[number];

export type Faults = {
  /** Called as the code passes `point`. */
  reach(point: FaultPoint): Promise<void>;
};

export const noFaults: Faults = { reach: async () => {} };
