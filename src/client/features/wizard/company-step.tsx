import { useEffect, useRef } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useLocation } from 'react-router';
import { wizardResolver } from './wizard-resolver';
import type { SavedApplication } from '#shared/application/application.ts';
import {
  asksCorporationReason,
  asksHusbandWife,
  asksLlcTaxClassification,
  asksOtherEntityDescription,
  asksPartnershipReason,
  asksSoleProprietorReason,
  asksTradeName,
  companyDefaults,
  companyLabels,
  companyPageLabels,
  companyNameKind,
  companyNameMaxLength,
  companySchema,
  corporationTypeOptions,
  entityTypeOptions,
  estateReasonOptions,
  llcTaxClassificationOptions,
  otherEntityTypeOptions,
  partnershipTypeOptions,
  reasonOptions,
  soleProprietorTypeOptions,
  specifyMaxLength,
  trustTypeOptions,
  type Company,
} from '#shared/application/company.ts';
import { llcLocationOptions, usStates } from '#shared/application/options.ts';
import { RadioGroupField, SelectField, TextField, YesNoField } from '#client/components/form/basic-fields.tsx';
import { IrsNameField } from '#client/components/form/irs-name-field.tsx';
import { pushEvent } from '#client/lib/analytics.ts';
import { paths } from '#client/paths.ts';
import { restoreSection, saveSection } from '#client/lib/application-storage.ts';
import { useDraftSaving } from '#client/components/wizard-shell/use-draft-saving.ts';
import { CompanyLayout } from './company-layout';
import { useWizardPage } from '#client/components/wizard-shell/use-wizard-page.ts';
import { WizardLoading } from '#client/components/wizard-shell/wizard-loading.tsx';
import { FormSection, WizardForm } from './wizard-form';
import { useContinue } from '#client/components/wizard-shell/use-continue.ts';
import { m } from '#shared/i18n/messages.ts';

/** Wizard step 1 (/ein-application-start): the company's name, state and type of entity. */
export function CompanyStep() {
  const page = useWizardPage('company');
  return (
    <CompanyLayout title={m.wizard_step_company()} subtitle={m.wizard_company_subtitle()}>
      <title>{m.wizard_start_title()}</title>
      {page.status === 'loading' ? <WizardLoading /> : <CompanyForm application={page.application} />}
    </CompanyLayout>
  );
}

const fullWidth = 'sm:col-span-2';
/** A sole proprietor's line 1 is the owner's own name, so step 1 asks for it as such. */
export const soleProprietorNameLabel = m.wizard_company_owner_name;
const reasonHelp = m.wizard_company_reason_help;

function CompanyForm({ application }: { application: SavedApplication }) {
  const continueTo = useContinue(paths.step2);
  const form = useForm<Company>({
    resolver: wizardResolver(companySchema),
    defaultValues: restoreSection(companyDefaults, application.company, 'company'),
    mode: 'onChange',
    shouldUnregister: true,
  });
  useOpenedFormEvent(!application.company);

  const control = form.control;
  const hasTradeName = useWatch({ control, name: 'hasTradeName' });
  const entityType = useWatch({ control, name: 'entityType' });

  const draft = useDraftSaving(form, (values) => saveSection('company', values));
  const onSubmit = form.handleSubmit((values) => {
    draft.stop();
    const saved = saveSection('company', values);
    // A new kind of entity asks other questions on the later steps: those are walked through again.
    const before = application.company as Partial<Company> | undefined;
    continueTo(saved, before?.entityType === values.entityType && before?.corporationType === values.corporationType);
  });

  return (
    <FormProvider {...form}>
      <WizardForm onSubmit={onSubmit} submitting={form.formState.isSubmitting} submitLabel={m.wizard_company_next_step()}>
        <FormSection title={m.wizard_company_basics_title()} description={m.wizard_company_basics_description()}>
          <IrsNameField
            kind={companyNameKind(entityType)}
            name="companyName"
            label={entityType === 'Sole Proprietor' ? soleProprietorNameLabel() : companyLabels.companyName}
            required
            help={
              entityType === 'Sole Proprietor'
                ? m.wizard_company_owner_name_help()
                : m.wizard_company_name_help()
            }
            autoComplete={entityType === 'Sole Proprietor' ? 'name' : 'organization'}
            maxLength={companyNameMaxLength}
            className={fullWidth}
          />
          <SelectField
            name="state"
            label={companyLabels.state}
            required
            help={m.wizard_company_state_help()}
            options={usStates}
            placeholder={m.wizard_company_select_state()}
          />
          <SelectField
            name="entityType"
            label={companyLabels.entityType}
            required
            help={m.wizard_company_entity_type_help()}
            options={entityTypeOptions}
            placeholder={m.wizard_company_select_entity_type()}
          />
          <YesNoField
            name="hasTradeName"
            label={companyPageLabels.hasTradeName}
            hint={m.wizard_company_trade_name_hint()}
            className={fullWidth}
          />
          {asksTradeName(hasTradeName) ? (
            <IrsNameField
              kind="business"
              name="tradeName"
              label={companyLabels.tradeName}
              required
              help={m.wizard_company_trade_name_help()}
              maxLength={companyNameMaxLength}
              className={fullWidth}
            />
          ) : null}
        </FormSection>

        {entityType === 'Corporation' ? <CorporationSection /> : null}
        {entityType === 'Sole Proprietor' ? <SoleProprietorSection /> : null}
        {entityType === 'Partnership' ? <PartnershipSection /> : null}
        {entityType === 'LLC' ? <LlcSection /> : null}
        {entityType === 'Trust' ? <TrustSection /> : null}
        {entityType === 'Estate' ? <EstateSection /> : null}
        {entityType === 'Others' ? <OthersSection /> : null}
      </WizardForm>
    </FormProvider>
  );
}

/** Pushes opened_form once when a visitor opens step 1 with nothing answered yet (StrictMode runs effects twice). */
function useOpenedFormEvent(firstOpen: boolean) {
  const { pathname } = useLocation();
  const pushed = useRef(false);
  useEffect(() => {
    if (!firstOpen || pushed.current) return;
    pushed.current = true;
    pushEvent({ event: 'opened_form', page_path: pathname });
  }, [firstOpen, pathname]);
}

type ReasonName = 'corporationReason' | 'partnershipReason' | 'soleProprietorReason' | 'llcRicReason' | 'estateReason' | 'othersReason';

/** The entity's reason question (line 10), and the banking purpose once banking is the reason. */
function ReasonField({ name, options = reasonOptions }: { name: ReasonName; options?: readonly { value: string; label: string }[] }) {
  const reason = useWatch<Company, ReasonName>({ name });
  return (
    <>
      <SelectField name={name} label={companyLabels[name]} required help={reasonHelp()} options={options} placeholder={m.wizard_company_select_reason()} className={fullWidth} />
      {reason === 'Banking purposes' ? (
        <TextField
          name="bankingPurpose"
          label={companyPageLabels.bankingPurpose}
          required
          help={m.wizard_company_banking_purpose_help()}
          placeholder={m.wizard_company_banking_purpose_placeholder()}
          maxLength={specifyMaxLength}
          className={fullWidth}
        />
      ) : null}
    </>
  );
}

function CorporationSection() {
  const corporationType = useWatch<Company, 'corporationType'>({ name: 'corporationType' });
  return (
    <FormSection title={m.wizard_company_corporation_title()} description={m.wizard_company_corporation_description()}>
      <RadioGroupField
        name="corporationType"
        label={companyLabels.corporationType}
        required
        help={m.wizard_company_corporation_type_help()}
        options={corporationTypeOptions}
        columns={2}
        className={fullWidth}
      />
      {asksCorporationReason(corporationType) ? <ReasonField name="corporationReason" /> : null}
    </FormSection>
  );
}

function SoleProprietorSection() {
  const soleProprietorType = useWatch<Company, 'soleProprietorType'>({ name: 'soleProprietorType' });
  return (
    <FormSection title={m.wizard_company_sole_proprietor_title()} description={m.wizard_company_sole_proprietor_description()}>
      <RadioGroupField
        name="soleProprietorType"
        label={companyPageLabels.soleProprietorType}
        help={m.wizard_company_sole_proprietor_type_help()}
        options={soleProprietorTypeOptions}
        columns={2}
        className={fullWidth}
      />
      {asksSoleProprietorReason(soleProprietorType) ? <ReasonField name="soleProprietorReason" /> : null}
    </FormSection>
  );
}

function PartnershipSection() {
  const partnershipType = useWatch<Company, 'partnershipType'>({ name: 'partnershipType' });
  return (
    <FormSection title={m.wizard_company_partnership_title()} description={m.wizard_company_partnership_description()}>
      <RadioGroupField
        name="partnershipType"
        label={companyLabels.partnershipType}
        required
        help={m.wizard_company_partnership_type_help()}
        options={partnershipTypeOptions}
        columns={2}
        className={fullWidth}
      />
      {asksPartnershipReason(partnershipType) ? <ReasonField name="partnershipReason" /> : null}
    </FormSection>
  );
}

function LlcSection() {
  const [llcMemberCount, llcLocationState, llcIsHusbandWife] = useWatch<Company, ['llcMemberCount', 'llcLocationState', 'llcIsHusbandWife']>({
    name: ['llcMemberCount', 'llcLocationState', 'llcIsHusbandWife'],
  });
  return (
    <FormSection title={m.wizard_company_llc_title()} description={m.wizard_company_llc_description()}>
      <TextField
        name="llcMemberCount"
        label={companyPageLabels.llcMemberCount}
        required
        help={m.wizard_company_llc_member_count_help()}
        type="number"
        inputMode="numeric"
        min={1}
      />
      <SelectField
        name="llcLocationState"
        label={companyLabels.llcLocationState}
        required
        help={m.wizard_company_llc_location_help()}
        options={llcLocationOptions}
        placeholder={m.wizard_company_select_state()}
      />
      {asksHusbandWife(llcMemberCount, llcLocationState) ? (
        <YesNoField
          name="llcIsHusbandWife"
          label={companyPageLabels.llcIsHusbandWife}
          required
          help={m.wizard_company_llc_husband_wife_help()}
          className={fullWidth}
        />
      ) : null}
      {asksLlcTaxClassification(llcMemberCount, llcLocationState, llcIsHusbandWife) ? (
        <RadioGroupField
          name="llcTaxClassification"
          label={companyPageLabels.llcTaxClassification}
          required
          help={m.wizard_company_llc_tax_classification_help()}
          options={llcTaxClassificationOptions}
          columns={2}
          className={fullWidth}
        />
      ) : null}
      <ReasonField name="llcRicReason" />
    </FormSection>
  );
}

function TrustSection() {
  return (
    <FormSection title={m.wizard_company_trust_title()}>
      <RadioGroupField
        name="trustType"
        label={companyLabels.trustType}
        help={m.wizard_company_trust_type_help()}
        options={trustTypeOptions}
        columns={3}
        className={fullWidth}
      />
    </FormSection>
  );
}

function EstateSection() {
  return (
    <FormSection title={m.wizard_company_estate_title()} description={m.wizard_company_estate_description()}>
      <ReasonField name="estateReason" options={estateReasonOptions} />
    </FormSection>
  );
}

function OthersSection() {
  const otherEntityType = useWatch<Company, 'otherEntityType'>({ name: 'otherEntityType' });
  return (
    <FormSection title={m.wizard_company_others_title()} description={m.wizard_company_others_description()}>
      <RadioGroupField
        name="otherEntityType"
        label={companyPageLabels.otherEntityType}
        required
        help={m.wizard_company_other_entity_type_help()}
        options={otherEntityTypeOptions}
        columns={3}
        className={fullWidth}
      />
      {asksOtherEntityDescription(otherEntityType) ? (
        <TextField
          name="otherEntityDescription"
          label={companyPageLabels.otherEntityDescription}
          required
          help={
            otherEntityType === 'Nonprofit organization'
              ? m.wizard_company_nonprofit_description_help()
              : m.wizard_company_other_description_help()
          }
          placeholder={otherEntityType === 'Nonprofit organization' ? m.wizard_company_nonprofit_description_placeholder() : m.wizard_company_other_description_placeholder()}
          maxLength={specifyMaxLength}
          className={fullWidth}
        />
      ) : null}
      <ReasonField name="othersReason" />
    </FormSection>
  );
}
