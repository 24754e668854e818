import { useEffect } from 'react';
import { FormProvider, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { hireMonthOf, totalEmployeesOf } from '#shared/application/compliance-prefills.ts';
import { usePrefilledField } from '#client/components/form/use-prefilled-field.ts';
import type { SavedApplication } from '#shared/application/application.ts';
import {
  asksHiringDetails,
  asksReportingFrequency,
  complianceDefaults,
  complianceLabels,
  compliancePageLabels,
  complianceSchema,
  employeeTypeOptions,
  reportingFrequencyOptions,
  taxLiabilityOptions,
  type Compliance,
} from '#shared/application/compliance.ts';
import { CheckboxGroupField, MaskedField, masks, RadioGroupField, TextField, YesNoField } from '#client/components/form/fields.tsx';
import { paths } from '#client/paths.ts';
import { restoreSection, saveSection } from '#client/lib/application-storage.ts';
import { useDraftSaving } from '#client/components/wizard-shell/use-draft-saving.ts';
import { useWizardPage } from '#client/components/wizard-shell/use-wizard-page.ts';
import { wizardResolver } from './wizard-resolver';
import { WizardLoading } from '#client/components/wizard-shell/wizard-loading.tsx';
import { FormSection, WizardForm } from './wizard-form';
import { WizardLayout } from '#client/components/wizard-shell/wizard-layout.tsx';
import { useContinue } from '#client/components/wizard-shell/use-continue.ts';
import { m } from '#shared/i18n/messages.ts';

/** Step 4: the IRS's regulatory questions and the employment plans (Form SS-4 lines 13 to 15). */
export function ComplianceStep() {
  const page = useWizardPage('compliance');
  return (
    <WizardLayout
      step={4}
      title={m.wizard_step_compliance()}
      subtitle={m.wizard_compliance_subtitle()}
      securityNotice={m.wizard_compliance_security_notice()}
    >
      <title>{m.wizard_compliance_page_title()}</title>
      {page.status === 'loading' ? <WizardLoading /> : <ComplianceForm application={page.application} />}
    </WizardLayout>
  );
}

/** With no hiring planned, only the questions above the employment details are kept. */
function withoutHiringDetails({ heavyVehicle, gambling, atf, exciseTax, willHire }: Compliance): Compliance {
  return { heavyVehicle, gambling, atf, exciseTax, willHire };
}

function ComplianceForm({ application }: { application: SavedApplication }) {
  const continueTo = useContinue(paths.step5);
  const form = useForm<Compliance>({
    resolver: wizardResolver(complianceSchema),
    defaultValues: restoreSection(complianceDefaults, application.compliance, 'compliance'),
    mode: 'onTouched',
    shouldUnregister: true,
  });
  const willHire = useWatch({ control: form.control, name: 'willHire' });

  // Answering No empties the employment details the spec lists, so answering Yes again starts from
  // blank fields. This runs after react-hook-form has dropped the hidden fields (and would otherwise
  // bring back the saved answers when they reappear).
  const { setValue } = form;
  useEffect(() => {
    if (willHire !== 'false') return;
    setValue('employeeTypes', []);
    setValue('counts', { agricultural: '', household: '', other: '' });
    setValue('expectedHireMonthYear', '');
    setValue('taxLiability', '');
    setValue('reportingFrequency', '');
  }, [willHire, setValue]);

  const draft = useDraftSaving(form, (values) => saveSection('compliance', asksHiringDetails(values.willHire) ? values : withoutHiringDetails(values)));
  const onSubmit = form.handleSubmit((values) => {
    draft.stop();
    continueTo(saveSection('compliance', asksHiringDetails(values.willHire) ? values : withoutHiringDetails(values)));
  });

  return (
    <FormProvider {...form}>
      <WizardForm onSubmit={onSubmit} submitting={form.formState.isSubmitting} backTo={paths.step3}>
        <FormSection title={m.wizard_compliance_regulatory_title()} description={m.wizard_compliance_regulatory_description()}>
          <YesNoField
            name="heavyVehicle"
            label={compliancePageLabels.heavyVehicle}
            required
            hint={m.wizard_compliance_heavy_vehicle_hint()}
            className="sm:col-span-2"
          />
          <YesNoField
            name="gambling"
            label={compliancePageLabels.gambling}
            required
            hint={m.wizard_compliance_gambling_hint()}
            className="sm:col-span-2"
          />
          <YesNoField
            name="atf"
            label={compliancePageLabels.atf}
            required
            hint={m.wizard_compliance_atf_hint()}
            className="sm:col-span-2"
          />
          <YesNoField
            name="exciseTax"
            label={compliancePageLabels.exciseTax}
            required
            hint={m.wizard_compliance_excise_tax_hint()}
            className="sm:col-span-2"
          />
        </FormSection>

        <FormSection title={m.wizard_compliance_employment_title()} description={m.wizard_compliance_employment_description()}>
          <YesNoField
            name="willHire"
            label={compliancePageLabels.willHire}
            required
            help={m.wizard_compliance_will_hire_help()}
            className="sm:col-span-2"
          />
          {asksHiringDetails(willHire) ? <HiringDetails form={form} /> : null}
        </FormSection>
      </WizardForm>
    </FormProvider>
  );
}

function HiringDetails({ form }: { form: UseFormReturn<Compliance> }) {
  const [selectedTypes, taxLiability, counts, firstWageDate] = useWatch({ control: form.control, name: ['employeeTypes', 'taxLiability', 'counts', 'firstWageDate'] });
  const selected = Array.isArray(selectedTypes) ? selectedTypes : [];
  // The total is the counts' sum, and the hiring month the first wages' month, until changed.
  usePrefilledField(form, 'totalEmployeesExpected', totalEmployeesOf(selected, counts));
  usePrefilledField(form, 'expectedHireMonthYear', hireMonthOf(firstWageDate));
  return (
    <>
      <CheckboxGroupField
        name="employeeTypes"
        label={compliancePageLabels.employeeTypes}
        required
        hint={m.wizard_compliance_employee_types_hint()}
        options={employeeTypeOptions}
        className="sm:col-span-2"
      />
      {employeeTypeOptions
        .filter((option) => selected.includes(option.value))
        .map((option) => (
          <TextField
            key={option.value}
            name={`counts.${option.value}`}
            label={compliancePageLabels[`counts.${option.value}`]}
            required
            type="number"
            inputMode="numeric"
            min={1}
            help={m.wizard_compliance_count_help()}
          />
        ))}
      <TextField
        name="totalEmployeesExpected"
        label={compliancePageLabels.totalEmployeesExpected}
        required
        type="number"
        inputMode="numeric"
        min={1}
        hint={m.wizard_compliance_total_hint()}
        className="sm:col-start-1"
      />
      <TextField
        name="firstWageDate"
        label={complianceLabels.firstWageDate}
        required
        type="date"
        hint={m.wizard_compliance_first_wage_hint()}
      />
      <MaskedField
        name="expectedHireMonthYear"
        label={complianceLabels.expectedHireMonthYear}
        required
        mask={masks.monthYear}
        placeholder={m.wizard_compliance_month_year_placeholder()}
        hint={m.wizard_compliance_hire_month_hint()}
      />
      <RadioGroupField
        name="taxLiability"
        label={compliancePageLabels.taxLiability}
        required
        help={m.wizard_compliance_tax_liability_help()}
        options={taxLiabilityOptions}
        columns={2}
        className="sm:col-span-2"
      />
      {asksReportingFrequency(taxLiability) ? (
        <RadioGroupField
          name="reportingFrequency"
          label={compliancePageLabels.reportingFrequency}
          required
          hint={m.wizard_compliance_reporting_frequency_hint()}
          options={reportingFrequencyOptions}
          columns={2}
          className="sm:col-span-2"
        />
      ) : null}
    </>
  );
}
