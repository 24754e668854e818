import { FormProvider, useForm, useFormContext, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  Building,
  Ellipsis,
  Factory,
  HardHat,
  Handshake,
  HeartPulse,
  KeyRound,
  Landmark,
  Package,
  ShoppingBag,
  Truck,
  UtensilsCrossed,
  type LucideIcon,
} from 'lucide-react';
import type { SavedApplication } from '#shared/application/application.ts';
import {
  activityDefaults,
  activityFollowUps,
  activityPageLabels,
  activityQuestions,
  activitySchema,
  followUpsOf,
  principalActivityOptions,
  type Activity,
  type ActivityFollowUpField,
  type ActivityParentField,
  type PrincipalActivity,
} from '#shared/application/activity.ts';
import { FieldSet } from '#client/components/form/field.tsx';
import { RadioGroupField, SelectField, TextAreaField, TextField, YesNoField } from '#client/components/form/fields.tsx';
import { paths } from '#client/paths.ts';
import { restoreSection, saveSection } from '#client/lib/application-storage.ts';
import { useDraftSaving } from '#client/components/wizard-shell/use-draft-saving.ts';
import { useWizardPage } from '#client/components/wizard-shell/use-wizard-page.ts';
import { wizardResolver } from './wizard-resolver';
import { WizardLoading } from '#client/components/wizard-shell/wizard-loading.tsx';
import { FormSection, WizardForm } from './wizard-form';
import { WizardLayout } from '#client/components/wizard-shell/wizard-layout.tsx';
import { m } from '#shared/i18n/messages.ts';
import { useLocalizedPath } from '#client/lib/locale.ts';

/** Step 5: the principal business activity, its follow-up questions and the principal product or service. */
export function ActivityStep() {
  const page = useWizardPage('activity');
  return (
    <WizardLayout step={5} title={m.wizard_step_activity()} subtitle={m.wizard_activity_subtitle()}>
      <title>{m.wizard_activity_page_title()}</title>
      {page.status === 'loading' ? <WizardLoading /> : <ActivityForm application={page.application} />}
    </WizardLayout>
  );
}

function ActivityForm({ application }: { application: SavedApplication }) {
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const form = useForm<Activity>({
    resolver: wizardResolver(activitySchema),
    defaultValues: restoreSection(activityDefaults, application.activity, 'activity'),
    mode: 'onTouched',
    shouldUnregister: true,
  });
  const draft = useDraftSaving(form, (values) => saveSection('activity', values));
  const onSubmit = form.handleSubmit((values) => {
    draft.stop();
    saveSection('activity', values);
    navigate(localized(paths.step6));
  });

  return (
    <FormProvider {...form}>
      <WizardForm onSubmit={onSubmit} submitting={form.formState.isSubmitting} backTo={paths.step4}>
        <FormSection title={m.wizard_activity_industry_title()} description={m.wizard_activity_industry_description()}>
          <PrincipalActivityField />
          <FollowUps parent="principalActivity" depth={0} />
          <TextAreaField
            name="principalProductOrService"
            label={activityPageLabels.principalProductOrService}
            required
            rows={4}
            placeholder={m.wizard_activity_product_placeholder()}
            hint={m.wizard_activity_product_hint()}
            help={m.wizard_activity_product_help()}
            className="sm:col-span-2"
          />
        </FormSection>
      </WizardForm>
    </FormProvider>
  );
}

const activityIcons: Record<PrincipalActivity, LucideIcon> = {
  'health-care': HeartPulse,
  'wholesale-agent': Handshake,
  construction: HardHat,
  rental: KeyRound,
  transportation: Truck,
  accommodation: UtensilsCrossed,
  'wholesale-other': Package,
  retail: ShoppingBag,
  'real-estate': Building,
  manufacturing: Factory,
  finance: Landmark,
  other: Ellipsis,
};

/** The 12 activities as a grid of buttons: styled native radios, so arrow keys and screen readers work as usual. */
function PrincipalActivityField() {
  const {
    register,
    formState: { errors },
  } = useFormContext<Activity>();
  return (
    <FieldSet
      role="radiogroup"
      legend={activityPageLabels.principalActivity}
      required
      help={m.wizard_activity_principal_help()}
      error={errors.principalActivity?.message}
      className="sm:col-span-2"
    >
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
        {principalActivityOptions.map((option) => {
          const Icon = activityIcons[option.value];
          return (
            <label
              key={option.value}
              className="relative flex min-h-24 cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-2 py-3 text-center text-sm font-medium text-slate-800 shadow-sm hover:border-brand-600 has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-900 has-checked:ring-2 has-checked:ring-brand-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
            >
              {/* Invisible but covering the whole button, so a click or tap lands on the radio itself. */}
              <input
                type="radio"
                value={option.value}
                className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
                {...register('principalActivity')}
              />
              <Icon className="size-6 text-brand-600" aria-hidden="true" />
              <span>{option.label}</span>
            </label>
          );
        })}
      </div>
    </FieldSet>
  );
}

/** The follow-up questions the parent's current answer opens, each with the follow-ups of its own answer. */
function FollowUps({ parent, depth }: { parent: ActivityParentField; depth: number }) {
  const answer: unknown = useWatch<Activity>({ name: parent });
  const fields = followUpsOf(parent, answer);
  if (fields.length === 0) return null;
  // The first level spans the section's two columns; deeper questions are indented under the
  // answer that opened them.
  const placement = depth === 0 ? 'sm:col-span-2' : 'border-l-2 border-brand-100 pl-4';
  return (
    <div className={`grid grid-cols-1 gap-y-1 ${placement}`}>
      {fields.map((field) => (
        <FollowUpQuestion key={field} field={field} depth={depth} />
      ))}
    </div>
  );
}

const shortLabel = 32;

function FollowUpQuestion({ field, depth }: { field: ActivityFollowUpField; depth: number }) {
  const question = activityQuestions[field];
  const hint = 'hint' in question ? question.hint : undefined;
  let control;
  switch (question.kind) {
    case 'yesNo':
      control = <YesNoField name={field} label={question.label} hint={hint} required />;
      break;
    case 'text':
      control = (
        <TextField
          name={field}
          label={question.label}
          hint={hint}
          placeholder={'placeholder' in question ? question.placeholder : undefined}
          maxLength={500}
          required
        />
      );
      break;
    case 'choice':
      // Long lists read better as a drop-down; short ones as radios, side by side when the labels are short.
      control =
        question.options.length > 8 ? (
          <SelectField name={field} label={question.label} hint={hint} options={question.options} required />
        ) : (
          <RadioGroupField
            name={field}
            label={question.label}
            hint={hint}
            options={question.options}
            columns={question.options.every((option) => option.label.length <= shortLabel) ? 2 : 1}
            required
          />
        );
      break;
  }
  return (
    <>
      {control}
      {field in activityFollowUps ? <FollowUps parent={field} depth={depth + 1} /> : null}
    </>
  );
}
