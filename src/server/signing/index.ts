// The signing module's public face: other modules import from here only.
export { registerSigningRoutes } from './routes';
export { startSignatureReminders } from './signature-reminders';
export { createSigningRequest, describeSigning, openSigningRequest } from './signing-requests';
