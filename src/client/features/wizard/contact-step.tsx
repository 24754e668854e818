import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { FormProvider, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { isTrusteeTitle, ownerNameParts } from '#shared/application/contact-prefills.ts';
import { usePrefilledField } from '#client/components/form/use-prefilled-field.ts';
import type { SavedApplication } from '#shared/application/application.ts';
import {
  asksDecedentSsn,
  asksGrantorSsn,
  asksRpUsPerson,
  asksTrustee,
  contactDefaults,
  contactMessages,
  contactPageLabels,
  contactSchema,
  isOwnerResponsibleParty,
  nameMaxLength,
  rpTaxIdTypeOf,
  titleMaxLength,
  trusteeSuffixOptions,
  type Contact,
} from '#shared/application/contact.ts';
import { CheckboxField, MaskedField, masks, SelectField, TextField } from '#client/components/form/fields.tsx';
import { createPhoneCountries, PhoneCountriesContext, PhoneField } from '#client/components/form/phone-field.tsx';
import { isInternationalPhone } from '#shared/application/phones.ts';
import { loadPhoneRulesFor } from '#client/lib/phones-abroad.ts';
import { ResponsiblePartyTaxId, taxIdAsAsked, type TaxIdContext } from './responsible-party-tax-id';
import { IrsNameField } from '#client/components/form/irs-name-field.tsx';
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
import { useLocalizedPath } from '#client/lib/locale.ts';

/** What "same as the primary contact" copies: contact field to responsible-party field. */
const copiedFromContact = {
  contactFirstName: 'rpFirstName',
  contactMiddleName: 'rpMiddleName',
  contactLastName: 'rpLastName',
  emailAddress: 'rpEmail',
  phoneNumber: 'rpPhone',
} as const satisfies Partial<Record<keyof Contact, keyof Contact>>;

type CopiedField = keyof typeof copiedFromContact;
const copiedFields = Object.keys(copiedFromContact) as CopiedField[];

function isCopiedField(name: string | undefined): name is CopiedField {
  return name !== undefined && name in copiedFromContact;
}

function companyAnswer(application: SavedApplication, key: 'entityType' | 'llcMemberCount'): string {
  const value = (application.company as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'string' ? value : '';
}

/** The responsible party's name fields, which a sole proprietor's step 1 answers. */
const responsiblePartyNameFields = new Set<string>(['rpFirstName', 'rpMiddleName', 'rpLastName']);
/**
 * The page's schema: step 3's own, and the rule of the whole application that needs step 1's member
 * count (application.ts), so an unanswered US-person question is refused here and not only at checkout.
 */
function contactPageSchema({ entityType, llcMemberCount }: TaxIdContext) {
  return contactSchema.superRefine((contact, ctx) => {
    if (asksRpUsPerson(rpTaxIdTypeOf(contact), entityType, llcMemberCount) && !contact.rpUsPerson)
      ctx.addIssue({ code: 'custom', path: ['rpUsPerson'], message: contactMessages.rpUsPerson });
  });
}

export function ContactStep() {
  const page = useWizardPage('contact');
  return (
    <WizardLayout
      step={3}
      title={m.wizard_step_contact()}
      subtitle={m.wizard_contact_subtitle()}
      securityNotice={m.wizard_contact_security_notice()}
    >
      <title>{m.wizard_contact_page_title()}</title>
      {page.status === 'loading' ? <WizardLoading /> : <ContactForm application={page.application} />}
    </WizardLayout>
  );
}

function ContactForm({ application }: { application: SavedApplication }) {
  const continueTo = useContinue(paths.step4);
  const localized = useLocalizedPath();
  const entityType = companyAnswer(application, 'entityType');
  const isTrust = asksTrustee(entityType);
  // A sole proprietor is its own responsible party: the owner's name from step 1, shown here, not asked again.
  const ownerIsResponsibleParty = isOwnerResponsibleParty(entityType);
  const llcMemberCount = companyAnswer(application, 'llcMemberCount');
  const taxIdContext = useMemo(() => ({ entityType, llcMemberCount }), [entityType, llcMemberCount]);
  const asAsked = (values: Contact) => taxIdAsAsked(values, taxIdContext);

  const form = useForm<Contact>({
    resolver: wizardResolver(contactPageSchema(taxIdContext), {
      asAsked,
      // A number abroad is checked with libphonenumber-js's rules, loaded only for one.
      prepare: (values) => loadPhoneRulesFor([values.phoneNumber, values.rpPhone]),
    }),
    // The entity type always comes from step 1, so a changed answer there is picked up here.
    defaultValues: {
      ...restoreSection(contactDefaults, application.contact, 'contact'),
      entityType,
      ...(ownerIsResponsibleParty ? ownerNameParts((application.company as Record<string, unknown> | undefined)?.companyName) : {}),
    },
    mode: 'onTouched',
    // Hidden conditional fields (the trustee's) are not submitted or saved.
    shouldUnregister: true,
  });
  const { getValues, setValue, subscribe } = form;
  const [phoneCountries] = useState(createPhoneCountries);

  // While "same as the primary contact" is checked, the contact's name, e-mail and phone digits are
  // copied into the responsible party's fields: all at once when it is checked, then each one as the
  // contact's answer changes. The copies stay editable.
  useEffect(() => {
    const copy = (from: CopiedField) => {
      if (ownerIsResponsibleParty && responsiblePartyNameFields.has(copiedFromContact[from])) return;
      const raw = getValues(from) ?? '';
      // The responsible party's phone keeps a US number's digits; a number abroad is copied as it is
      // (E.164, or as typed until it reads as one), with its country choice.
      const abroad = from === 'phoneNumber' && (phoneCountries.isAbroad('phoneNumber') || isInternationalPhone(raw));
      if (from === 'phoneNumber') phoneCountries.copyInto('rpPhone', abroad);
      const value = from === 'phoneNumber' && !abroad ? raw.replace(/\D/g, '') : raw;
      setValue(copiedFromContact[from], value, { shouldDirty: true, shouldValidate: value !== '' });
    };
    return subscribe({
      name: ['sameAsContact', ...copiedFields],
      formState: { values: true },
      callback: ({ name, type, values }) => {
        if (type !== 'change' || !values.sameAsContact) return;
        if (name === 'sameAsContact') copiedFields.forEach(copy);
        else if (isCopiedField(name)) copy(name);
      },
    });
  }, [getValues, setValue, subscribe, ownerIsResponsibleParty, phoneCountries]);

  const draft = useDraftSaving(form, (values) => saveSection('contact', asAsked(values)));
  const onSubmit = form.handleSubmit((values) => {
    draft.stop();
    continueTo(saveSection('contact', values));
  });

  return (
    <FormProvider {...form}>
      <PhoneCountriesContext value={phoneCountries}>
        <WizardForm onSubmit={onSubmit} submitting={form.formState.isSubmitting} backTo={paths.step2}>
          <input type="hidden" {...form.register('entityType')} />

          <Group label={m.wizard_contact_primary_title()}>
            <FormSection title={m.wizard_contact_primary_title()} description={m.wizard_contact_primary_description()}>
              <NameFields person="contact" />
              <PhoneField
                name="phoneNumber"
                mask={masks.phone}
                label={contactPageLabels.phoneNumber}
                required
                invalidAbroadMessage={contactMessages.internationalPhone}
                help={m.wizard_contact_phone_help()}
              />
              <TextField
                name="emailAddress"
                type="email"
                label={contactPageLabels.emailAddress}
                required
                autoComplete="email"
                placeholder={m.wizard_contact_email_placeholder()}
                help={m.wizard_contact_email_help()}
              />
            </FormSection>
          </Group>

          <CheckboxField
            name="sameAsContact"
            label={contactPageLabels.sameAsContact}
            hint={
              ownerIsResponsibleParty
                ? m.wizard_contact_same_as_contact_owner_hint()
                : m.wizard_contact_same_as_contact_hint()
            }
            className="bg-white"
          />

          <Group label={m.wizard_contact_rp_title()}>
            <FormSection
              title={m.wizard_contact_rp_title()}
              description={m.wizard_contact_rp_description()}
            >
              {ownerIsResponsibleParty ? (
                <p className="pb-3 text-sm text-slate-600 sm:col-span-2">
                  {m.wizard_contact_owner_is_rp()}{' '}
                  <Link to={localized(paths.wizardStart)} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
                    {m.wizard_contact_owner_is_rp_change()}
                  </Link>
                  .
                </p>
              ) : null}
              <NameFields person="rp" readOnly={ownerIsResponsibleParty} />
              <TextField
                name="rpTitle"
                label={contactPageLabels.rpTitle}
                required
                maxLength={titleMaxLength}
                placeholder={m.wizard_contact_rp_title_placeholder()}
                help={m.wizard_contact_rp_title_help()}
              />
              <ResponsiblePartyTaxId
                context={taxIdContext}
                ssnField={
                  <SsnField
                    name="rpSSN"
                    label={contactPageLabels.rpSSN}
                    help={m.wizard_contact_rp_ssn_help()}
                  />
                }
              />
              <PhoneField
                name="rpPhone"
                mask={masks.phoneDigits}
                label={contactPageLabels.rpPhone}
                required
                autoCompleteSection="section-responsible-party "
                invalidAbroadMessage={contactMessages.internationalPhone}
                help={m.wizard_contact_rp_phone_help()}
              />
              <TextField
                name="rpEmail"
                type="email"
                label={contactPageLabels.rpEmail}
                required
                autoComplete="section-responsible-party email"
                placeholder={m.wizard_contact_rp_email_placeholder()}
                help={m.wizard_contact_rp_email_help()}
              />
            </FormSection>
          </Group>

          {asksDecedentSsn(entityType) ? (
            <Group label={m.wizard_contact_decedent_title()}>
              <FormSection title={m.wizard_contact_decedent_title()} description={m.wizard_contact_decedent_description()}>
                <SsnField
                  name="decedentSSN"
                  label={contactPageLabels.decedentSSN}
                  help={m.wizard_contact_decedent_ssn_help()}
                />
              </FormSection>
            </Group>
          ) : null}

          {isTrust ? (
            <Group label={m.wizard_contact_trustee_title()}>
              <FormSection
                title={m.wizard_contact_trustee_title()}
                description={m.wizard_contact_trustee_description()}
              >
                <CheckboxField name="trustFilingAsEstate" label={contactPageLabels.trustFilingAsEstate} className="pb-4 sm:col-span-2" />
                <TrusteeFromResponsibleParty form={form} />
                <NameFields person="trustee" />
                <SelectField
                  name="trusteeSuffix"
                  label={contactPageLabels.trusteeSuffix}
                  options={trusteeSuffixOptions}
                  placeholder={m.wizard_contact_none()}
                  hint={m.wizard_contact_optional()}
                />
                {asksGrantorSsn(entityType) ? (
                  <SsnField
                    name="grantorSSN"
                    label={contactPageLabels.grantorSSN}
                    help={m.wizard_contact_grantor_ssn_help()}
                  />
                ) : null}
              </FormSection>
            </Group>
          ) : null}
        </WizardForm>
      </PhoneCountriesContext>
    </FormProvider>
  );
}

/** A Social Security number: required, nine digits shown as ###-##-####, never offered for autofill. */
function SsnField({ name, label, help }: { name: 'rpSSN' | 'decedentSSN' | 'grantorSSN'; label: string; help: string }) {
  return <MaskedField name={name} mask={masks.ssnDigits} label={label} required placeholder="###-##-####" autoComplete="off" help={help} />;
}

/** Names a form section for assistive technology, so repeated labels (First Name, ...) keep their context. */
function Group({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={label}>
      {children}
    </div>
  );
}

// Each help text is its message function, read as the fields render, in the page's language.
const people = {
  contact: { help: m.wizard_contact_contact_name_help, autoComplete: '' },
  rp: { help: m.wizard_contact_rp_name_help, autoComplete: 'section-responsible-party ' },
  trustee: { help: m.wizard_contact_trustee_name_help, autoComplete: 'section-trustee ' },
} as const;

/**
 * First (required), middle (optional) and last (required) name of one person. Each person is its own
 * autofill section, so a browser filling the contact does not also fill the others.
 */
function NameFields({ person, readOnly }: { person: keyof typeof people; readOnly?: boolean }) {
  const { autoComplete } = people[person];
  const help = people[person].help();
  return (
    <>
      <IrsNameField
        kind="person"
        readOnly={readOnly}
        name={`${person}FirstName`}
        label={m.wizard_contact_first_name()}
        required
        maxLength={nameMaxLength}
        autoComplete={`${autoComplete}given-name`}
        help={help}
      />
      <IrsNameField
        kind="person"
        readOnly={readOnly}
        name={`${person}MiddleName`}
        label={m.wizard_contact_middle_name()}
        maxLength={nameMaxLength}
        autoComplete={`${autoComplete}additional-name`}
        hint={m.wizard_contact_optional()}
      />
      <IrsNameField
        kind="person"
        readOnly={readOnly}
        name={`${person}LastName`}
        label={m.wizard_contact_last_name()}
        required
        maxLength={nameMaxLength}
        autoComplete={`${autoComplete}family-name`}
        help={help}
      />
    </>
  );
}

/**
 * A responsible party whose title says Trustee is the trustee: their name fills the trustee's fields
 * (still editable), so it is typed once.
 */
function TrusteeFromResponsibleParty({ form }: { form: UseFormReturn<Contact> }) {
  const [title, first, middle, last] = useWatch({ control: form.control, name: ['rpTitle', 'rpFirstName', 'rpMiddleName', 'rpLastName'] });
  const same = isTrusteeTitle(title);
  usePrefilledField(form, 'trusteeFirstName', same ? (first ?? '') : '');
  usePrefilledField(form, 'trusteeMiddleName', same ? (middle ?? '') : '');
  usePrefilledField(form, 'trusteeLastName', same ? (last ?? '') : '');
  if (!same) return null;
  return <p className="text-sm text-slate-600 sm:col-span-2">{m.wizard_contact_trustee_from_rp()}</p>;
}
