import { z } from 'zod';
import { errorCodes, type ApiErrorBody } from './errors';

/**
 * The one error envelope every route answers a refusal with (`ApiErrorBody`), as a schema: the API
 * document describes it once, as the `ApiError` component, and every refusal refers to it. Kept out of
 * errors.ts so the browser's bundles, which read the codes, do not carry it.
 */
export const apiErrorBodySchema = z
  .strictObject({
    error: z.strictObject({
      code: z.enum(errorCodes).describe('What went wrong, for the client to decide on; never the message text.'),
      message: z.string().describe('A sentence for a person.'),
      fields: z
        .record(z.string(), z.array(z.string()))
        .optional()
        .describe('With `validation_failed`: the messages by field path (`counts.other`), as a form shows them under its fields.'),
    }),
  })
  .meta({
    id: 'ApiError',
    description: 'A refusal or a failure. The status is the code\'s (see `errorCodes` in the description of the API).',
    examples: [{ error: { code: 'validation_failed', message: 'Please correct the highlighted fields.', fields: { companyName: ['Enter the company name.'] } } }],
  }) satisfies z.ZodType<ApiErrorBody>;
