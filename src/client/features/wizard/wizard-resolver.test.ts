import { describe, expect, it } from 'vitest';
import type { ResolverOptions } from 'react-hook-form';
import { companySchema } from '../../../shared/application/company';
import { sampleSection } from '../../../shared/application/sample-application';
import { unstorableTextMessage } from '../../../shared/storable-text';
import { wizardResolver } from './wizard-resolver';

describe('wizardResolver', () => {
  const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<ReturnType<typeof sampleSection<'company'>>>;

  // A free-text answer without the IRS's name rules (a legal name's rule already refuses such characters).
  const others = sampleSection('company', { entityType: 'Others' });

  it.each(['Social\u0000 club', 'Social \uD83D club'])('puts the unstorable-text message on the field holding %j', async (otherEntityDescription) => {
    const result = await wizardResolver(companySchema)({ ...others, otherEntityDescription }, undefined, options);
    expect(result.errors.otherEntityDescription?.message).toBe(unstorableTextMessage);
  });

  it('passes the sample page with an accented answer', async () => {
    const result = await wizardResolver(companySchema)({ ...others, otherEntityDescription: 'Café society' }, undefined, options);
    expect(result.errors).toEqual({});
  });
});
