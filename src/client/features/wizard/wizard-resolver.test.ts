import { describe, expect, it } from 'vitest';
import type { ResolverOptions } from 'react-hook-form';
import { companySchema } from '../../../shared/application/company';
import { sampleSection } from '../../../shared/application/sample-application';
import { unstorableTextMessage } from '../../../shared/storable-text';
import { wizardResolver } from './wizard-resolver';

describe('wizardResolver', () => {
  const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<ReturnType<typeof sampleSection<'company'>>>;

  it.each(['Acme\u0000 LLC', 'Acme \uD83D LLC'])('puts the unstorable-text message on the field holding %j', async (companyName) => {
    const result = await wizardResolver(companySchema)({ ...sampleSection('company'), companyName }, undefined, options);
    expect(result.errors.companyName?.message).toBe(unstorableTextMessage);
  });

  it('passes the sample page with an accented name', async () => {
    const result = await wizardResolver(companySchema)({ ...sampleSection('company'), companyName: 'Café LLC' }, undefined, options);
    expect(result.errors).toEqual({});
  });
});
