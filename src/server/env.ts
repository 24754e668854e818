import path from 'node:path';
import { existsSync } from 'node:fs';
import { z } from 'zod';
import { defaultSupportEmail, type PublicConfig } from '../shared/public-config';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: optionalText,
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  TRUST_PROXY: z
    .enum(['true', 'false', ''])
    .optional()
    .transform((value) => value === 'true'),
  SUPPORT_EMAIL: z.email().default(defaultSupportEmail),
  GTM_ID: optionalText.pipe(
    z
      .string()
      .regex(/^GTM-[A-Z0-9]+$/, 'GTM_ID looks like GTM-XXXXXXX')
      .optional(),
  ),
  GROWTHBOOK_CLIENT_KEY: optionalText,
  GROWTHBOOK_API_HOST: optionalText.pipe(z.url().optional()),
});

export type Env = z.infer<typeof envSchema>;

/** Reads the environment once, with `.env` in the working folder applied first when present. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  if (source === process.env && existsSync('.env')) process.loadEnvFile('.env');
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${problems.join('\n')}`);
  }
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) };
}

export function publicConfig(env: Env): PublicConfig {
  return {
    supportEmail: env.SUPPORT_EMAIL,
    gtmId: env.GTM_ID ?? null,
    growthbook: env.GROWTHBOOK_CLIENT_KEY
      ? {
          clientKey: env.GROWTHBOOK_CLIENT_KEY,
          apiHost: env.GROWTHBOOK_API_HOST ?? 'https://cdn.growthbook.io',
        }
      : null,
  };
}
