import { FormProvider, useForm, useWatch } from 'react-hook-form';
import type { SavedApplication } from '#shared/application/application.ts';
import { usStateNameOptions } from '#shared/application/options.ts';
import { businessLocationFromStepOne, registrationPrefill } from '#shared/application/prefills.ts';
import { isAbroad } from '#shared/application/countries.ts';
import {
  closingMonthOptions,
  earliestBusinessStartDate,
  latestBusinessStartDate,
  registrationDefaults,
  registrationLabels,
  registrationLimits,
  registrationPageLabels,
  registrationSchema,
  reitTypeOptions,
  type Registration,
  asksIncorporationState,
  asksLlcOrganizationState,
  asksMailingAddress,
  asksMailingCareOf,
  asksPreviousEin,
  asksReitType,
} from '#shared/application/registration.ts';
import { Choice } from '#client/components/form/controls.tsx';
import { IrsNameField } from '#client/components/form/irs-name-field.tsx';
import { MaskedField, masks, RadioGroupField, SelectField, TextField, YesNoField } from '#client/components/form/fields.tsx';
import { AddressCountryField, AddressRegionFields, addressAsAsked, mailingDefaults } from './address-fields';
import { paths } from '#client/paths.ts';
import { restoreSection, saveSection } from '#client/lib/application-storage.ts';
import { useDraftSaving } from '#client/components/wizard-shell/use-draft-saving.ts';
import { useWizardPage } from '#client/components/wizard-shell/use-wizard-page.ts';
import { wizardResolver } from './wizard-resolver';
import { WizardLayout } from '#client/components/wizard-shell/wizard-layout.tsx';
import { WizardLoading } from '#client/components/wizard-shell/wizard-loading.tsx';
import { FormSection, WizardForm } from './wizard-form';
import { useContinue } from '#client/components/wizard-shell/use-continue.ts';

const mailingFields = Object.keys(mailingDefaults) as (keyof typeof mailingDefaults)[];

/** A step-1 answer as plain text ('' when absent). */
function companyAnswer(application: SavedApplication, key: 'entityType' | 'corporationType'): string {
  const value = (application.company as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'string' ? value : '';
}

/**
 * Step 1's states in the fields still empty: asked once there, shown here to confirm or change. An LLC
 * that step 1 placed outside the United States starts with its address abroad, its country to choose,
 * even when an address in the United States was saved here before step 1's answer changed: it would
 * contradict step 1, and step 2 would otherwise open on County, State and ZIP.
 */
function withPrefill(values: Registration, application: SavedApplication): Registration {
  const location = businessLocationFromStepOne(application.company);
  const filled: Registration = { ...values };
  if (location === 'abroad' && !isAbroad(filled.country)) Object.assign(filled, { country: '', state: '' });
  for (const [key, value] of Object.entries(registrationPrefill(application.company)) as [keyof Registration, string][]) {
    if (filled[key] === '' || filled[key] === undefined) (filled as Record<string, unknown>)[key] = value;
  }
  return filled;
}

export function RegistrationStep() {
  const page = useWizardPage('registration');
  return (
    <WizardLayout
      step={2}
      title="Company Registration Details"
      subtitle="Where and when your business was formed, and where it is located"
      securityNotice="Your address details are sent over a 256-bit SSL encrypted connection and used only to prepare your EIN application."
    >
      <title>Business Details | EIN Filing Service</title>
      {page.status === 'loading' ? <WizardLoading /> : <RegistrationForm application={page.application} />}
    </WizardLayout>
  );
}

function RegistrationForm({ application }: { application: SavedApplication }) {
  const continueTo = useContinue(paths.step3);
  const entityType = companyAnswer(application, 'entityType');
  const corporationType = companyAnswer(application, 'corporationType');
  const isCorporation = entityType === 'Corporation';

  const form = useForm<Registration>({
    resolver: wizardResolver(registrationSchema, { asAsked: addressAsAsked }),
    defaultValues: withPrefill(restoreSection(registrationDefaults, application.registration, 'registration'), application),
    mode: 'onTouched',
    // Hidden conditional fields are not submitted or saved.
    shouldUnregister: true,
  });
  const sameMailingAddress = useWatch({ control: form.control, name: 'sameMailingAddress' });
  const appliedForEinBefore = useWatch({ control: form.control, name: 'appliedForEinBefore' });

  const sameMailingAddressField = form.register('sameMailingAddress', {
    onChange: (event: { target: { checked: boolean } }) => {
      // Re-checking clears the mailing address; resetting the fields' defaults too keeps an earlier
      // (saved) mailing address from coming back when the box is unchecked again.
      if (!event.target.checked) return;
      for (const field of mailingFields) form.resetField(field, { defaultValue: mailingDefaults[field] });
    },
  });

  const draft = useDraftSaving(form, (values) => saveSection('registration', addressAsAsked(values)));
  const onSubmit = form.handleSubmit((values) => {
    draft.stop();
    continueTo(saveSection('registration', values));
  });

  return (
    <FormProvider {...form}>
      <WizardForm onSubmit={onSubmit} submitting={form.formState.isSubmitting} backTo={paths.wizardStart}>
        <FormSection title="Business Entity Information">
          <TextField
            name="companyRegistrationNumber"
            label={registrationLabels.companyRegistrationNumber}
            hint="Optional. The file or entity number your state gave the business, if any."
            maxLength={registrationLimits.companyRegistrationNumber}
          />
          <TextField
            name="businessStartDate"
            type="date"
            label={isCorporation ? 'Corporation Start Date' : registrationLabels.businessStartDate}
            required
            min={earliestBusinessStartDate}
            max={latestBusinessStartDate()}
            help="The date the business started or was acquired (IRS Form SS-4, line 11)."
          />
          <MaskedField
            name="previousOwnerEIN"
            mask={masks.ein}
            label={registrationLabels.previousOwnerEIN}
            placeholder="XX-XXXXXXX"
            hint="Optional. Only if you bought or took over a business that already had an EIN."
          />
          <YesNoField
            name="appliedForEinBefore"
            label={registrationPageLabels.appliedForEinBefore}
            help="Line 18 of Form SS-4: only an EIN issued to this same business, not one of a business you bought."
          />
          {asksPreviousEin(appliedForEinBefore) ? (
            <MaskedField name="previousEin" mask={masks.ein} label={registrationLabels.previousEin} required placeholder="XX-XXXXXXX" />
          ) : null}
          <SelectField
            name="accountingYearClosingMonth"
            label={registrationLabels.accountingYearClosingMonth}
            required
            options={closingMonthOptions}
            placeholder="Select closing month"
            help="The last month of your accounting (tax) year. Most businesses close in December."
          />
        </FormSection>

        {asksReitType(entityType, corporationType) ? (
          <FormSection title="REIT Classification" description="Tell us how the real estate investment trust earns its income.">
            <RadioGroupField
              name="reitType"
              label={registrationLabels.reitType}
              required
              options={reitTypeOptions}
              columns={2}
              className="sm:col-span-2"
              help="Equity REITs own property; mortgage REITs hold loans secured by property."
            />
          </FormSection>
        ) : null}

        {asksIncorporationState(entityType, corporationType) ? (
          <FormSection title="Articles of Incorporation">
            <SelectField
              name="incorporationState"
              label={registrationLabels.incorporationState}
              required
              options={usStateNameOptions}
              placeholder="Select state"
              hint="From the state of formation in step 1; change it if the articles were filed elsewhere."
              help="The state where the articles of incorporation were filed (IRS Form SS-4, line 9b)."
            />
          </FormSection>
        ) : null}

        {asksLlcOrganizationState(entityType) ? (
          <FormSection title="Articles of Organization">
            <SelectField
              name="llcOrganizationState"
              label={registrationLabels.llcOrganizationState}
              required
              options={usStateNameOptions}
              placeholder="Select state"
              hint="From the state of formation in step 1; change it if the articles were filed elsewhere."
              help="The state where the LLC's articles of organization were filed."
            />
          </FormSection>
        ) : null}

        <FormSection title="Business Address Information" description="The physical location of the business, in the United States or abroad.">
          <AddressCountryField kind="business" />
          <IrsNameField
            kind="address"
            name="streetAddress"
            label={registrationLabels.streetAddress}
            required
            autoComplete="address-line1"
            maxLength={registrationLimits.streetAddress}
            className="sm:col-span-2"
            help="Where the business is physically located. A P.O. box or PMB goes in the mailing address."
          />
          <IrsNameField
            kind="address"
            name="city"
            label={registrationLabels.city}
            required
            autoComplete="address-level2"
            maxLength={registrationLimits.city}
            help="The city or town of the business address."
          />
          <AddressRegionFields kind="business" />
          <div className="pt-2 pb-4 sm:col-span-2">
            <Choice type="checkbox" label={registrationPageLabels.sameMailingAddress} {...sameMailingAddressField} />
          </div>

          {asksMailingAddress(sameMailingAddress) ? (
            <>
              <h3 className="text-base font-semibold text-slate-900 sm:col-span-2">Mailing Address</h3>
              <p className="-mt-1 mb-3 text-sm text-slate-600 sm:col-span-2">Where the IRS should send letters about your EIN. A PO box is fine, written without periods (PO Box 12).</p>
              {asksMailingCareOf(entityType) ? (
                <IrsNameField
                  kind="business"
                  name="mailingCareOf"
                  label={registrationPageLabels.mailingCareOf}
                  hint="Optional. A person or company that receives mail for the business."
                  maxLength={registrationLimits.mailingCareOf}
                  className="sm:col-span-2"
                />
              ) : null}
              <AddressCountryField kind="mailing" />
              <IrsNameField
                kind="address"
                name="mailingStreetAddress"
                label={registrationLabels.mailingStreetAddress}
                required
                autoComplete="section-mailing address-line1"
                maxLength={registrationLimits.streetAddress}
                className="sm:col-span-2"
                help="Street address or PO box where mail should go."
              />
              <IrsNameField
                kind="address"
                name="mailingCity"
                label={registrationLabels.mailingCity}
                required
                autoComplete="section-mailing address-level2"
                maxLength={registrationLimits.city}
                help="The city or town of the mailing address."
              />
              <AddressRegionFields kind="mailing" />
            </>
          ) : null}
        </FormSection>
      </WizardForm>
    </FormProvider>
  );
}
