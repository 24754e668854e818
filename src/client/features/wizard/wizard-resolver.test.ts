import { describe, expect, it } from 'vitest';
import type { ResolverOptions } from 'react-hook-form';
import { companySchema } from '#shared/application/company.ts';
import { registrationSchema } from '#shared/application/registration.ts';
import { sampleSection } from '#shared/application/sample-application.ts';
import { unstorableTextMessage } from '#shared/storable-text.ts';
import { wizardResolver } from './wizard-resolver';

describe('wizardResolver', () => {
  const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<ReturnType<typeof sampleSection<'company'>>>;
  const registrationOptions = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<ReturnType<typeof sampleSection<'registration'>>>;

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

  it('checks the answers as the page stores them (asAsked), and submits those', async () => {
    const { province: _province, postalCode: _postalCode, ...shown } = { ...sampleSection('registration'), province: '', postalCode: '' };
    const resolver = wizardResolver(registrationSchema, { asAsked: (values) => ({ ...values, county: '', state: '', zipCode: '', country: 'DE', postalCode: '10117' }) });
    const result = await resolver(shown as ReturnType<typeof sampleSection<'registration'>>, undefined, registrationOptions);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ country: 'DE', postalCode: '10117', state: '' });
  });

  it('waits for what the check needs (prepare) before checking', async () => {
    const steps: string[] = [];
    const resolver = wizardResolver(registrationSchema, {
      prepare: () => new Promise((resolve) => setTimeout(() => resolve(steps.push('prepared')), 10)),
      asAsked: (values) => {
        steps.push('completed');
        return values;
      },
    });
    const result = await resolver(sampleSection('registration'), undefined, registrationOptions);
    steps.push('checked');
    expect(result.errors).toEqual({});
    expect(steps).toEqual(['completed', 'prepared', 'checked']);
  });
});
