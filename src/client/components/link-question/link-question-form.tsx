import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Mail } from 'lucide-react';
import { Button } from '../ui/button';
import { MaskedField, type MaskSpec } from '../form/fields';
import { ApiError } from '#client/lib/api.ts';
import { useMessagesUntilChanged } from '#client/lib/use-messages-until-changed.ts';
import { m } from '#shared/i18n/messages.ts';
import {
  emailCodeMinutes,
  emailCodeSchema,
  verificationAnswerSchemas,
  verificationQuestionWords,
  type EmailCodeInput,
  type EmailCodeSentResponse,
  type SsnLastFourInput,
  type VerificationAnswer,
  type VerificationQuestion,
} from '#shared/ssn-last-four.ts';

// The question a customer link asks before it shows anything of the order (the signing page, a
// document page): the last four digits of the responsible party's SSN or ITIN, or, for a responsible
// party with neither, a code the server e-mails to the order's address on request.

/** Four digits, nothing else: typed or pasted text keeps only its digits. */
const fourDigits: MaskSpec = { mask: '____', store: 'digits' };
/** The e-mailed code: six digits. */
const sixDigits: MaskSpec = { mask: '______', store: 'digits' };

export type LinkQuestionFormProps = {
  question: VerificationQuestion;
  /** Answers the question; throws the server's refusal. */
  verify: (answer: VerificationAnswer) => Promise<void>;
  /** Asks the server to e-mail a code (only for `email_code`). */
  sendCode: () => Promise<EmailCodeSentResponse>;
  /** Whether a refusal ends the link (the page then says why instead of the form). */
  endsLink: (error: unknown) => error is ApiError;
  onUnavailable: (message: string) => void;
  /** The message of a refusal that is not about the answer (a lost connection, a server error). */
  failureMessage: (error: unknown) => string;
};

export function LinkQuestionForm(props: LinkQuestionFormProps) {
  return props.question === 'email_code' ? <EmailCodeForm {...props} /> : <LastFourForm {...props} question={props.question} />;
}

/** What the card above the form says the page asks. */
export function linkQuestionPrompt(question: VerificationQuestion): string {
  if (question === 'email_code') return m.links_prompt_email_code({ minutes: emailCodeMinutes });
  return m.links_prompt_last_four({ what: verificationQuestionWords[question].prompt });
}

function LastFourForm({ question, verify, endsLink, onUnavailable, failureMessage }: LinkQuestionFormProps & { question: 'ssn' | 'itin' }) {
  const form = useForm<SsnLastFourInput>({ resolver: zodResolver(verificationAnswerSchemas[question]), defaultValues: { ssnLast4: '' }, reValidateMode: 'onSubmit' });
  useMessagesUntilChanged(form);
  const { isSubmitting, errors } = form.formState;
  const refused = Boolean(errors.ssnLast4);

  // The fieldset is disabled while the answer is checked, which takes the focus from the field: a
  // refused answer gets it back, to be corrected.
  useEffect(() => {
    if (refused && !isSubmitting) form.setFocus('ssnLast4');
  }, [form, refused, isSubmitting]);

  const submit = form.handleSubmit(async ({ ssnLast4 }) => {
    try {
      await verify({ ssnLast4 });
    } catch (caught) {
      if (endsLink(caught)) return onUnavailable(caught.message);
      const message = (caught instanceof ApiError ? caught.fields?.ssnLast4?.[0] : undefined) ?? failureMessage(caught);
      form.setError('ssnLast4', { type: 'server', message });
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate>
        <fieldset disabled={isSubmitting} className="flex min-w-0 flex-col gap-4 sm:flex-row sm:items-start">
          <MaskedField name="ssnLast4" label={verificationQuestionWords[question].label} required mask={fourDigits} autoComplete="off" className="sm:w-64" />
          <Button type="submit" size="lg" className="sm:mt-7">
            {isSubmitting ? m.links_checking() : m.links_continue()}
          </Button>
        </fieldset>
      </form>
    </FormProvider>
  );
}

type SendState = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; sentTo: string } | { kind: 'refused'; message: string };

function EmailCodeForm({ verify, sendCode, endsLink, onUnavailable, failureMessage }: LinkQuestionFormProps) {
  const form = useForm<EmailCodeInput>({ resolver: zodResolver(emailCodeSchema), defaultValues: { code: '' }, reValidateMode: 'onSubmit' });
  useMessagesUntilChanged(form);
  const { isSubmitting, errors } = form.formState;
  const refused = Boolean(errors.code);
  const [sending, setSending] = useState<SendState>({ kind: 'idle' });

  useEffect(() => {
    if (refused && !isSubmitting) form.setFocus('code');
  }, [form, refused, isSubmitting]);

  async function send() {
    setSending({ kind: 'sending' });
    try {
      const sent = await sendCode();
      setSending({ kind: 'sent', sentTo: sent.sentTo });
      form.setFocus('code');
    } catch (caught) {
      if (endsLink(caught)) return onUnavailable(caught.message);
      setSending({ kind: 'refused', message: failureMessage(caught) });
    }
  }

  const submit = form.handleSubmit(async ({ code }) => {
    try {
      await verify({ code });
    } catch (caught) {
      if (endsLink(caught)) return onUnavailable(caught.message);
      const message = (caught instanceof ApiError ? caught.fields?.code?.[0] : undefined) ?? failureMessage(caught);
      form.setError('code', { type: 'server', message });
    }
  });

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <Button type="button" variant={sending.kind === 'sent' ? 'secondary' : 'primary'} size="lg" className="w-fit" onClick={() => void send()} disabled={sending.kind === 'sending'}>
          <Mail className="size-4" aria-hidden="true" />
          {sending.kind === 'sending' ? m.links_sending() : sending.kind === 'sent' ? m.links_send_new_code() : m.links_send_code()}
        </Button>
        <p role="status" className="text-sm text-slate-700">
          {sending.kind === 'sent' ? m.links_code_sent({ sentTo: sending.sentTo, minutes: emailCodeMinutes }) : ''}
        </p>
        {sending.kind === 'refused' ? (
          <p role="alert" className="text-sm text-red-700">
            {sending.message}
          </p>
        ) : null}
      </div>
      <FormProvider {...form}>
        <form onSubmit={submit} noValidate>
          <fieldset disabled={isSubmitting} className="flex min-w-0 flex-col gap-4 sm:flex-row sm:items-start">
            <MaskedField name="code" label={verificationQuestionWords.email_code.label} required mask={sixDigits} autoComplete="one-time-code" className="sm:w-64" />
            <Button type="submit" size="lg" className="sm:mt-7">
              {isSubmitting ? m.links_checking() : m.links_continue()}
            </Button>
          </fieldset>
        </form>
      </FormProvider>
    </div>
  );
}
