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
import { m } from '#shared/i18n/messages.ts';

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
      title={m.wizard_step_registration()}
      subtitle={m.wizard_registration_subtitle()}
      securityNotice={m.wizard_registration_security_notice()}
    >
      <title>{m.wizard_registration_page_title()}</title>
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
        <FormSection title={m.wizard_registration_entity_title()}>
          <TextField
            name="companyRegistrationNumber"
            label={registrationLabels.companyRegistrationNumber}
            hint={m.wizard_registration_number_hint()}
            maxLength={registrationLimits.companyRegistrationNumber}
          />
          <TextField
            name="businessStartDate"
            type="date"
            label={isCorporation ? m.wizard_registration_corporation_start_date() : registrationLabels.businessStartDate}
            required
            min={earliestBusinessStartDate}
            max={latestBusinessStartDate()}
            help={m.wizard_registration_start_date_help()}
          />
          <MaskedField
            name="previousOwnerEIN"
            mask={masks.ein}
            label={registrationLabels.previousOwnerEIN}
            placeholder="XX-XXXXXXX"
            hint={m.wizard_registration_previous_owner_ein_hint()}
          />
          <YesNoField
            name="appliedForEinBefore"
            label={registrationPageLabels.appliedForEinBefore}
            help={m.wizard_registration_applied_before_help()}
          />
          {asksPreviousEin(appliedForEinBefore) ? (
            <MaskedField name="previousEin" mask={masks.ein} label={registrationLabels.previousEin} required placeholder="XX-XXXXXXX" />
          ) : null}
          <SelectField
            name="accountingYearClosingMonth"
            label={registrationLabels.accountingYearClosingMonth}
            required
            options={closingMonthOptions}
            placeholder={m.wizard_registration_select_closing_month()}
            help={m.wizard_registration_closing_month_help()}
          />
        </FormSection>

        {asksReitType(entityType, corporationType) ? (
          <FormSection title={m.wizard_registration_reit_title()} description={m.wizard_registration_reit_description()}>
            <RadioGroupField
              name="reitType"
              label={registrationLabels.reitType}
              required
              options={reitTypeOptions}
              columns={2}
              className="sm:col-span-2"
              help={m.wizard_registration_reit_help()}
            />
          </FormSection>
        ) : null}

        {asksIncorporationState(entityType, corporationType) ? (
          <FormSection title={m.wizard_registration_incorporation_title()}>
            <SelectField
              name="incorporationState"
              label={registrationLabels.incorporationState}
              required
              options={usStateNameOptions}
              placeholder={m.wizard_registration_select_state()}
              hint={m.wizard_registration_state_from_step_one_hint()}
              help={m.wizard_registration_incorporation_state_help()}
            />
          </FormSection>
        ) : null}

        {asksLlcOrganizationState(entityType) ? (
          <FormSection title={m.wizard_registration_organization_title()}>
            <SelectField
              name="llcOrganizationState"
              label={registrationLabels.llcOrganizationState}
              required
              options={usStateNameOptions}
              placeholder={m.wizard_registration_select_state()}
              hint={m.wizard_registration_state_from_step_one_hint()}
              help={m.wizard_registration_organization_state_help()}
            />
          </FormSection>
        ) : null}

        <FormSection title={m.wizard_registration_address_title()} description={m.wizard_registration_address_description()}>
          <AddressCountryField kind="business" />
          <IrsNameField
            kind="address"
            name="streetAddress"
            label={registrationLabels.streetAddress}
            required
            autoComplete="address-line1"
            maxLength={registrationLimits.streetAddress}
            className="sm:col-span-2"
            help={m.wizard_registration_street_help()}
          />
          <IrsNameField
            kind="address"
            name="city"
            label={registrationLabels.city}
            required
            autoComplete="address-level2"
            maxLength={registrationLimits.city}
            help={m.wizard_registration_city_help()}
          />
          <AddressRegionFields kind="business" />
          <div className="pt-2 pb-4 sm:col-span-2">
            <Choice type="checkbox" label={registrationPageLabels.sameMailingAddress} {...sameMailingAddressField} />
          </div>

          {asksMailingAddress(sameMailingAddress) ? (
            <>
              <h3 className="text-base font-semibold text-slate-900 sm:col-span-2">{m.wizard_registration_mailing_title()}</h3>
              <p className="-mt-1 mb-3 text-sm text-slate-600 sm:col-span-2">{m.wizard_registration_mailing_description()}</p>
              {asksMailingCareOf(entityType) ? (
                <IrsNameField
                  kind="business"
                  name="mailingCareOf"
                  label={registrationPageLabels.mailingCareOf}
                  hint={m.wizard_registration_care_of_hint()}
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
                help={m.wizard_registration_mailing_street_help()}
              />
              <IrsNameField
                kind="address"
                name="mailingCity"
                label={registrationLabels.mailingCity}
                required
                autoComplete="section-mailing address-level2"
                maxLength={registrationLimits.city}
                help={m.wizard_registration_mailing_city_help()}
              />
              <AddressRegionFields kind="mailing" />
            </>
          ) : null}
        </FormSection>
      </WizardForm>
    </FormProvider>
  );
}
