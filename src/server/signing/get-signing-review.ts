import type { FieldCipher } from '../encryption';
import { applicationWithSsns, maskedSsnsOf, renderMaskedOrderSs4 } from '../ss4';
import { ss4Lines, type Ss4Designee } from '#shared/ss4/ss4-mapping.ts';
import type { SigningReviewResponse } from '#shared/signing/signing.ts';
import { verificationQuestionOfApplication } from '#shared/ssn-last-four.ts';
import { responsibleName, type OrderRow, type SigningRequestRow } from './requests';

/** What the verified signer reviews: every line of the form with the SSN masked, and who must sign. */
export function reviewOf(order: OrderRow, request: SigningRequestRow, cipher: FieldCipher, designee: Ss4Designee | null): SigningReviewResponse {
  const lines = ss4Lines(applicationWithSsns(order.formData, maskedSsnsOf(order.formData, cipher)), designee);
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

/**
 * The unsigned render the verified signer opens as a PDF, masked as the review page is (decision 049):
 * the link is opened with the last four digits, so it shows no more than those.
 */
export async function unsignedPdfOf(order: OrderRow, cipher: FieldCipher, designee: Ss4Designee | null): Promise<Uint8Array> {
  return renderMaskedOrderSs4(order.formData, cipher, designee);
}
