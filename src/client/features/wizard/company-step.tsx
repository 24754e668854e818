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

/** Wizard step 1 (/ein-application-start): the company's name, state and type of entity. */
export function CompanyStep() {
  const page = useWizardPage('company');
  return (
    <CompanyLayout title="Company Information" subtitle="Tell us about the business that needs an EIN.">
      <title>Get Started | EIN Filing Service</title>
      {page.status === 'loading' ? <WizardLoading /> : <CompanyForm application={page.application} />}
    </CompanyLayout>
  );
}

const fullWidth = 'sm:col-span-2';
/** A sole proprietor's line 1 is the owner's own name, so step 1 asks for it as such. */
export const soleProprietorNameLabel = "Owner's Full Legal Name";
const reasonHelp = 'The main reason the business needs an EIN now (line 10 of Form SS-4). Pick the closest match.';

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
      <WizardForm onSubmit={onSubmit} submitting={form.formState.isSubmitting} submitLabel="Next Step">
        <FormSection title="Basic Company Details" description="As they appear on your formation documents.">
          <IrsNameField
            kind={companyNameKind(entityType)}
            name="companyName"
            label={entityType === 'Sole Proprietor' ? soleProprietorNameLabel : companyLabels.companyName}
            required
            help={
              entityType === 'Sole Proprietor'
                ? "Your own first, middle and last name, not the business's name: a sole proprietor applies as the individual (line 1 of Form SS-4), and you are also its responsible party. A business name goes under Trade Name. The IRS accepts the letters A-Z, spaces, hyphens and ampersands."
                : "The exact legal name of the business (a sole proprietor's own full name). It goes on line 1 of Form SS-4. The IRS accepts the letters A-Z, digits 0-9, spaces, hyphens and ampersands: write accented letters without their accents and leave out other punctuation."
            }
            autoComplete={entityType === 'Sole Proprietor' ? 'name' : 'organization'}
            maxLength={companyNameMaxLength}
            className={fullWidth}
          />
          <SelectField
            name="state"
            label={companyLabels.state}
            required
            help="The state where the business was formed or registered; for a sole proprietor, trust or estate, the state where it is based."
            options={usStates}
            placeholder="Select a state..."
          />
          <SelectField
            name="entityType"
            label={companyLabels.entityType}
            required
            help="The legal structure of the business. It decides which IRS rules apply and which questions follow."
            options={entityTypeOptions}
            placeholder="Select an entity type..."
          />
          <YesNoField
            name="hasTradeName"
            label={companyPageLabels.hasTradeName}
            hint="A name the business operates under that differs from its legal name."
            className={fullWidth}
          />
          {asksTradeName(hasTradeName) ? (
            <IrsNameField
              kind="business"
              name="tradeName"
              label={companyLabels.tradeName}
              required
              help="The name customers know the business by (line 2 of Form SS-4). The IRS accepts the letters A-Z, digits 0-9, spaces, hyphens and ampersands, without endings like LLC or Inc."
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
      <SelectField name={name} label={companyLabels[name]} required help={reasonHelp} options={options} placeholder="Select a reason..." className={fullWidth} />
      {reason === 'Banking purposes' ? (
        <TextField
          name="bankingPurpose"
          label={companyPageLabels.bankingPurpose}
          required
          help="What the EIN is needed for at the bank (line 10 of Form SS-4), for example: checking account for club dues, or investment club account."
          placeholder="Checking account for members' dues"
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
    <FormSection title="Corporation Confirmation" description="How the corporation is taxed and why it needs an EIN.">
      <RadioGroupField
        name="corporationType"
        label={companyLabels.corporationType}
        required
        help="Most new corporations are regular (C) corporations unless they elect S status. It tells the IRS which income tax return the corporation files."
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
    <FormSection title="Sole Proprietor Details" description="An individual who owns an unincorporated business alone.">
      <RadioGroupField
        name="soleProprietorType"
        label={companyPageLabels.soleProprietorType}
        help="Choose Household Employer if you need the EIN only to pay people who work in your home."
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
    <FormSection title="Partnership Confirmation" description="Two or more owners sharing in the profits of a business.">
      <RadioGroupField
        name="partnershipType"
        label={companyLabels.partnershipType}
        required
        help="A joint venture is treated as a partnership for tax purposes; pick it if the partners came together for a specific project."
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
    <FormSection title="Tell us more about the members of the Limited Liability Company (LLC)" description="The owners of an LLC are called its members.">
      <TextField
        name="llcMemberCount"
        label={companyPageLabels.llcMemberCount}
        required
        help="How many people or companies own the LLC (line 8b of Form SS-4)."
        type="number"
        inputMode="numeric"
        min={1}
      />
      <SelectField
        name="llcLocationState"
        label={companyLabels.llcLocationState}
        required
        help="Where the LLC actually operates, which may be outside the United States. In community property states a married couple owning an LLC together has a choice of tax treatment."
        options={llcLocationOptions}
        placeholder="Select a state..."
      />
      {asksHusbandWife(llcMemberCount, llcLocationState) ? (
        <YesNoField
          name="llcIsHusbandWife"
          label={companyPageLabels.llcIsHusbandWife}
          required
          help="Spouses who own an LLC as community property may choose whether the IRS treats it as one owner or as a partnership."
          className={fullWidth}
        />
      ) : null}
      {asksLlcTaxClassification(llcMemberCount, llcLocationState, llcIsHusbandWife) ? (
        <RadioGroupField
          name="llcTaxClassification"
          label={companyPageLabels.llcTaxClassification}
          required
          help="Multi-member: the LLC files its own partnership return. Single-member: the LLC is disregarded and its income goes on your own return."
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
    <FormSection title="Identify the type of Trust">
      <RadioGroupField
        name="trustType"
        label={companyLabels.trustType}
        help="A revocable trust can be changed or cancelled by the person who created it; an irrevocable trust cannot."
        options={trustTypeOptions}
        columns={3}
        className={fullWidth}
      />
    </FormSection>
  );
}

function EstateSection() {
  return (
    <FormSection title="Estate Details" description="The estate of a person who has died, run by its executor or administrator.">
      <ReasonField name="estateReason" options={estateReasonOptions} />
    </FormSection>
  );
}

function OthersSection() {
  const otherEntityType = useWatch<Company, 'otherEntityType'>({ name: 'otherEntityType' });
  return (
    <FormSection title="Tell us what kind of entity it is" description="The IRS form names the kind of organization applying.">
      <RadioGroupField
        name="otherEntityType"
        label={companyPageLabels.otherEntityType}
        required
        help="A nonprofit is an organization not run for profit, such as a charity, club or association. A church has its own box on the form."
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
              ? 'The kind of nonprofit, as the IRS should read it on line 9a: for example, Social club, or Homeowners association.'
              : 'The kind of entity, as the IRS should read it on line 9a: for example, Bankruptcy estate, or Cooperative.'
          }
          placeholder={otherEntityType === 'Nonprofit organization' ? 'Social club' : 'Bankruptcy estate'}
          maxLength={specifyMaxLength}
          className={fullWidth}
        />
      ) : null}
      <ReasonField name="othersReason" />
    </FormSection>
  );
}
