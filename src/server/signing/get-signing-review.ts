import { readOrderSsns, type FieldCipher } from '../encryption';
import { applicationWithSsns, renderOrderSs4 } from '../ss4';
import { maskSsn, ss4Lines, type Ss4Designee } from '../../shared/ss4/ss4-mapping';
import type { SigningReviewResponse } from '../../shared/signing/signing';
import { verificationQuestionOfApplication } from '../../shared/ssn-last-four';
import { responsibleName, type OrderRow, type SigningRequestRow } from './requests';

/** What the verified signer reviews: every line of the form with the SSN masked, and who must sign. */
export function reviewOf(order: OrderRow, request: SigningRequestRow, cipher: FieldCipher, designee: Ss4Designee | null): SigningReviewResponse {
  const masked = Object.fromEntries(Object.entries(readOrderSsns(order.formData, cipher).ssns).map(([field, plain]) => [field, maskSsn(plain)]));
  const lines = ss4Lines(applicationWithSsns(order.formData, masked), designee);
  const { name, title } = responsibleName(order.formData);
  return {
    lines: lines.map((line) => ({ line: line.line, label: line.label, value: line.value })),
    signerName: name,
    signerTitle: title,
    designeeName: designee?.name ?? null,
    expiresAt: request.expiresAt.toISOString(),
    question: verificationQuestionOfApplication(order.formData),
  };
}

/** The unsigned render the verified signer reviews. */
export async function unsignedPdfOf(order: OrderRow, cipher: FieldCipher, designee: Ss4Designee | null): Promise<Uint8Array> {
  return (await renderOrderSs4(order.formData, cipher, designee)).pdf;
}
