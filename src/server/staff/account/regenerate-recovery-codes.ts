import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '#server/contracts/index.ts';
import type { StaffServices } from '../staff-services';
import { recordAudit } from '#server/audit/index.ts';
import { AppError } from '#server/errors.ts';
import { headersOf, staffOf } from '../guard/staff-request';
import { twoFactorMessages, type ConfirmPassword, type RecoveryCodesResponse } from '#shared/staff/two-factor.ts';
import { withPasswordCheck } from './start-enrolment';

/** Replaces the member's recovery codes by ten new ones (stored hashed), answered this once. */
export async function regenerateRecoveryCodes(
  services: Pick<Services, 'database'> & Pick<StaffServices, 'auth'>,
  request: FastifyRequest,
  reply: FastifyReply,
  input: ConfirmPassword,
): Promise<RecoveryCodesResponse> {
  const { user, twoFactorEnabled } = staffOf(request);
  if (!twoFactorEnabled) throw new AppError('two_factor_enrolment_required', twoFactorMessages.enrolmentRequired);
  const made = await withPasswordCheck(services, request, reply, () =>
    services.auth.api.generateBackupCodes({ body: { password: input.password }, headers: headersOf(request) }),
  );
  await recordAudit(services.database.db, { actor: { id: user.id, email: user.email }, action: 'recovery_codes_regenerated', target: `user:${user.id}`, ipAddress: request.ip });
  return { recoveryCodes: made.backupCodes };
}
