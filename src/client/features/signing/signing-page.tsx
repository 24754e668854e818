import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { CircleCheck, FileText, LockKeyhole, TriangleAlert } from 'lucide-react';
import { PublicLayout } from '../../components/layout/public-layout';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Button, ButtonLink } from '../../components/ui/button';
import { Field } from '../../components/form/field';
import { TextInput } from '../../components/form/controls';
import { usePublicConfig } from '../../lib/public-config';
import { ApiError, hasErrorCode, isFailedCall } from '../../lib/api';
import { trackingPageHref } from '../../../shared/site/public-paths';
import {
  namesMatch,
  signingConsentKeys,
  signingConsents,
  signingMessages,
  type SigningConsentKey,
  type SigningReviewResponse,
} from '../../../shared/signing/signing';
import { signingApi } from './signing-api';
import { SignaturePad } from './signature-pad';

type Step =
  | { kind: 'loading' }
  | { kind: 'unavailable'; message: string }
  | { kind: 'verify' }
  | { kind: 'review'; review: SigningReviewResponse }
  | { kind: 'sign'; review: SigningReviewResponse }
  | { kind: 'done'; signedAt: string; trackingNumber: string };

const stepTitles: Record<Step['kind'], string> = {
  loading: 'Sign your SS-4',
  unavailable: 'This signing link cannot be used',
  verify: 'Confirm it is you',
  review: 'Review your SS-4',
  sign: 'Sign your SS-4',
  done: 'Thank you: your SS-4 is signed',
};

const signedAtFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

/** The message a failed call shows: the server's own for a considered answer, a retry hint otherwise. */
function messageOf(error: unknown): string {
  if (isFailedCall(error) || !(error instanceof ApiError)) return 'We could not reach our server. Check your connection and try again.';
  return error.message;
}

/** `/sign/:token`: the customer confirms who they are, reviews their Form SS-4 and signs it. */
export function SigningPage() {
  const { token = '' } = useParams();
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    let cancelled = false;
    signingApi
      .start(token)
      .then(async (start) => {
        if (start.state === 'verify') return { kind: 'verify' } as const;
        return { kind: 'review', review: await signingApi.review(token) } as const;
      })
      .then(
        (next) => !cancelled && setStep(next),
        (error: unknown) => !cancelled && setStep({ kind: 'unavailable', message: messageOf(error) }),
      );
    return () => {
      cancelled = true;
    };
  }, [token]);

  // Each new step moves the focus to its heading, so screen readers and keyboards start there.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (step.kind !== 'loading') headingRef.current?.focus();
  }, [step.kind]);

  const unavailable = (error: unknown) => {
    if (hasErrorCode(error, 'signing_link_unavailable') || hasErrorCode(error, 'signing_already_signed') || hasErrorCode(error, 'signing_not_verified')) {
      setStep({ kind: 'unavailable', message: error.message });
      return true;
    }
    return false;
  };

  return (
    <PublicLayout>
      <title>{`${stepTitles[step.kind]} | EIN Filing Service`}</title>
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
        {step.kind !== 'unavailable' && step.kind !== 'done' ? <StepIndicator current={step.kind} /> : null}
        <h1 ref={headingRef} tabIndex={-1} className="mt-4 text-2xl font-bold text-slate-900 focus:outline-none sm:text-3xl">
          {stepTitles[step.kind]}
        </h1>
        <div className="mt-6">
          {step.kind === 'loading' ? (
            <p role="status" className="text-slate-600">
              Loading...
            </p>
          ) : null}
          {step.kind === 'unavailable' ? <UnavailableStep message={step.message} /> : null}
          {step.kind === 'verify' ? (
            <VerifyStep token={token} onVerified={(review) => setStep({ kind: 'review', review })} onUnavailable={unavailable} />
          ) : null}
          {step.kind === 'review' ? <ReviewStep token={token} review={step.review} onContinue={() => setStep({ kind: 'sign', review: step.review })} /> : null}
          {step.kind === 'sign' ? (
            <SignStep
              token={token}
              review={step.review}
              onBack={() => setStep({ kind: 'review', review: step.review })}
              onSigned={(signedAt, trackingNumber) => setStep({ kind: 'done', signedAt, trackingNumber })}
              onUnavailable={unavailable}
            />
          ) : null}
          {step.kind === 'done' ? <DoneStep signedAt={step.signedAt} trackingNumber={step.trackingNumber} /> : null}
        </div>
      </div>
    </PublicLayout>
  );
}

const indicatorSteps = [
  { kind: 'verify', label: 'Confirm' },
  { kind: 'review', label: 'Review' },
  { kind: 'sign', label: 'Sign' },
] as const;

function StepIndicator({ current }: { current: Step['kind'] }) {
  const index = Math.max(
    0,
    indicatorSteps.findIndex((step) => step.kind === current),
  );
  return (
    <ol className="flex gap-2 text-sm" aria-label="Signing steps">
      {indicatorSteps.map((step, position) => (
        <li
          key={step.kind}
          aria-current={position === index ? 'step' : undefined}
          className={`flex-1 rounded-full px-3 py-1 text-center font-medium ${position <= index ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-700'}`}
        >
          {position + 1}. {step.label}
        </li>
      ))}
    </ol>
  );
}

function SupportLine() {
  const { supportEmail } = usePublicConfig();
  return (
    <p className="text-slate-700">
      Need help? Write to{' '}
      <a className="font-medium text-brand-700 underline" href={`mailto:${supportEmail}`}>
        {supportEmail}
      </a>{' '}
      and we will send you a new link.
    </p>
  );
}

function UnavailableStep({ message }: { message: string }) {
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 pt-4 sm:pt-6">
        <p className="flex items-start gap-3 text-slate-900">
          <TriangleAlert className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden="true" />
          <span>{message}</span>
        </p>
        <SupportLine />
      </CardContent>
    </Card>
  );
}

function VerifyStep({
  token,
  onVerified,
  onUnavailable,
}: {
  token: string;
  onVerified: (review: SigningReviewResponse) => void;
  onUnavailable: (error: unknown) => boolean;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4}$/.test(value.trim())) {
      setError(signingMessages.ssnFormat);
      return;
    }
    setBusy(true);
    try {
      onVerified(await signingApi.verify(token, value.trim()));
    } catch (caught) {
      if (!onUnavailable(caught)) setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <LockKeyhole className="size-5 text-brand-600" aria-hidden="true" />
          Your form holds private details
        </CardTitle>
        <CardDescription>
          Before we show it, enter the last four digits of the responsible party&apos;s Social Security Number, as given in your application.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <Field label="Last four digits of the SSN" required error={error} className="sm:w-64">
            {(control) => (
              <TextInput
                {...control}
                inputMode="numeric"
                autoComplete="off"
                maxLength={4}
                value={value}
                onChange={(event) => {
                  const digits = event.target.value.replace(/\D/g, '').slice(0, 4);
                  setValue(digits);
                  // The format error goes once the digits are four; the server's answer, once they change.
                  if (error && (error !== signingMessages.ssnFormat || digits.length === 4)) setError(undefined);
                }}
              />
            )}
          </Field>
          <Button type="submit" size="lg" disabled={busy} className="sm:mt-7">
            {busy ? 'Checking...' : 'Continue'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function ReviewStep({ token, review, onContinue }: { token: string; review: SigningReviewResponse; onContinue: () => void }) {
  const lines = review.lines.filter((line) => line.value !== '');
  return (
    <div className="flex flex-col gap-6">
      <p className="text-slate-700">
        This is the Form SS-4 we prepared from your answers. Please check every line. If something is wrong, do not sign: write to us and we will
        correct it first.
      </p>
      <a
        href={signingApi.documentUrl(token)}
        target="_blank"
        rel="noopener"
        className="inline-flex w-fit items-center gap-2 font-semibold text-brand-700 underline"
      >
        <FileText className="size-5" aria-hidden="true" />
        Open the form as a PDF (opens in a new tab)
      </a>
      <Card>
        <CardHeader>
          <CardTitle>The lines of your form</CardTitle>
          <CardDescription>The SSN is shown masked.</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="divide-y divide-slate-200">
            {lines.map((line, index) => (
              <div key={`${line.line}-${index}`} className="grid gap-1 py-2.5 sm:grid-cols-[12rem_1fr] sm:gap-4">
                <dt className="text-sm text-slate-600">
                  <span className="font-semibold text-slate-800">{/^\d/.test(line.line) ? `Line ${line.line}` : line.line}</span>: {line.label}
                </dt>
                <dd className="text-sm font-medium break-words text-slate-900">{line.value}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
      <div>
        <Button size="lg" onClick={onContinue}>
          The form is right: continue to sign
        </Button>
      </div>
    </div>
  );
}

type SignErrors = Partial<Record<'name' | 'title' | 'signature' | SigningConsentKey | 'form', string>>;

type SignValues = { name: string; title: string; method: 'typed' | 'drawn'; image: string | null; agreed: Record<SigningConsentKey, boolean> };

/** What each error is about, to tell whether the signer has changed it since. */
function answerOf(key: keyof SignErrors, values: SignValues): unknown {
  if (key === 'name' || key === 'title') return values[key];
  if (key === 'signature') return `${values.method}:${values.image ?? ''}`;
  if (key === 'form') return null;
  return values.agreed[key];
}

/**
 * The errors of the last attempt that are still true: an error goes as soon as its field is
 * corrected (the form's own check passes once the answer has changed); the others stay until then.
 */
function errorsStillTrue(shown: { errors: SignErrors; values: SignValues }, values: SignValues, current: SignErrors): SignErrors {
  const kept: SignErrors = {};
  for (const key of Object.keys(shown.errors) as (keyof SignErrors)[]) {
    const message = shown.errors[key];
    if (!message) continue;
    const unchanged = answerOf(key, shown.values) === answerOf(key, values);
    if (key === 'form' || unchanged || current[key]) kept[key] = current[key] && !unchanged ? current[key] : message;
  }
  return kept;
}

/** The signing form's own checks (the server makes the same ones), field by field. */
function signErrorsOf(values: SignValues, signerName: string): SignErrors {
  const found: SignErrors = {};
  if (!values.name.trim()) found.name = signingMessages.nameRequired;
  else if (!namesMatch(values.name, signerName)) found.name = signingMessages.nameMismatch;
  if (!values.title.trim()) found.title = signingMessages.titleRequired;
  if (values.method === 'drawn' && !values.image) found.signature = 'Draw your signature, or choose the typed signature.';
  for (const key of signingConsentKeys) if (!values.agreed[key]) found[key] = signingMessages.consentRequired;
  return found;
}

function SignStep({
  token,
  review,
  onBack,
  onSigned,
  onUnavailable,
}: {
  token: string;
  review: SigningReviewResponse;
  onBack: () => void;
  onSigned: (signedAt: string, trackingNumber: string) => void;
  onUnavailable: (error: unknown) => boolean;
}) {
  const [name, setName] = useState('');
  const [title, setTitle] = useState('');
  const [method, setMethod] = useState<'typed' | 'drawn'>('typed');
  const [image, setImage] = useState<string | null>(null);
  const [agreed, setAgreed] = useState<Record<SigningConsentKey, boolean>>({ electronic: false, perjury: false, designee: false });
  // The errors of the last attempt, with the answers they were about.
  const [shown, setShown] = useState<{ errors: SignErrors; values: SignValues }>({ errors: {}, values: { name, title, method, image, agreed } });
  const [busy, setBusy] = useState(false);
  const padHintId = useId();
  const errorSummaryRef = useRef<HTMLDivElement>(null);

  const values: SignValues = { name, title, method, image, agreed };
  const validate = (): SignErrors => signErrorsOf(values, review.signerName);
  const errors = errorsStillTrue(shown, values, signErrorsOf(values, review.signerName));
  const setErrors = (found: SignErrors) => setShown({ errors: found, values });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => errorSummaryRef.current?.focus());
      return;
    }
    setBusy(true);
    try {
      const signed = await signingApi.sign(token, {
        name,
        title,
        signature: method === 'drawn' && image ? { kind: 'drawn', image } : { kind: 'typed' },
        consents: {
          electronic: signingConsents.electronic.version,
          perjury: signingConsents.perjury.version,
          designee: signingConsents.designee.version,
        },
      });
      onSigned(signed.signedAt, signed.trackingNumber);
    } catch (caught) {
      if (onUnavailable(caught)) return;
      const fields = caught instanceof ApiError ? caught.fields : undefined;
      setErrors({
        name: fields?.name?.[0],
        title: fields?.title?.[0],
        signature: fields?.signature?.[0] ?? fields?.['signature.image']?.[0],
        form: fields ? undefined : messageOf(caught),
      });
      requestAnimationFrame(() => errorSummaryRef.current?.focus());
    } finally {
      setBusy(false);
    }
  };

  const errorCount = Object.values(errors).filter(Boolean).length;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <div ref={errorSummaryRef} tabIndex={-1} className="focus:outline-none">
        {errorCount > 0 ? (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
            {errors.form ?? `Please correct ${errorCount === 1 ? 'the highlighted field' : `the ${errorCount} highlighted fields`} below.`}
          </p>
        ) : null}
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Who signs</CardTitle>
          <CardDescription>
            The responsible party signs: <strong className="text-slate-900">{review.signerName}</strong>. Type the name as it appears on the form.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <Field label="Your full name" required error={errors.name}>
            {(control) => <TextInput {...control} autoComplete="name" value={name} onChange={(event) => setName(event.target.value)} />}
          </Field>
          <Field label="Your title" required error={errors.title} hint={review.signerTitle ? `Your application says: ${review.signerTitle}` : undefined}>
            {(control) => <TextInput {...control} autoComplete="organization-title" value={title} onChange={(event) => setTitle(event.target.value)} />}
          </Field>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Your signature</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-800">How do you want to sign?</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              <RadioRow name="method" checked={method === 'typed'} onChange={() => setMethod('typed')} label="Use my typed name" />
              <RadioRow name="method" checked={method === 'drawn'} onChange={() => setMethod('drawn')} label="Draw my signature" />
            </div>
          </fieldset>
          {method === 'typed' ? (
            <div className="rounded-lg border border-slate-300 bg-slate-50 px-4 py-5" aria-label="Signature preview">
              <p className="text-xs text-slate-600">Your signature will read:</p>
              <p className="mt-1 text-2xl text-slate-900 italic">{name.trim() || review.signerName}</p>
            </div>
          ) : (
            <div>
              <p id={padHintId} className="mb-2 text-sm text-slate-700">
                Draw with your mouse, pen or finger inside the box.
              </p>
              <SignaturePad onChange={setImage} describedBy={padHintId} />
            </div>
          )}
          {errors.signature ? (
            <p className="text-sm font-medium text-red-700" role="alert">
              {errors.signature}
            </p>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>What you agree to</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {signingConsentKeys.map((key) => (
            <ConsentBox
              key={key}
              consentKey={key}
              checked={agreed[key]}
              error={errors[key]}
              designeeName={review.designeeName}
              onChange={(checked) => setAgreed((current) => ({ ...current, [key]: checked }))}
            />
          ))}
        </CardContent>
      </Card>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="secondary" size="lg" onClick={onBack}>
          Back to the form
        </Button>
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? 'Signing...' : 'Sign the SS-4'}
        </Button>
      </div>
    </form>
  );
}

function RadioRow({ name, checked, onChange, label }: { name: string; checked: boolean; onChange: () => void; label: string }) {
  return (
    <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2.5 text-sm font-medium text-slate-900 has-checked:border-brand-600 has-checked:bg-brand-50">
      <input type="radio" name={name} checked={checked} onChange={onChange} className="size-4 accent-brand-600" />
      {label}
    </label>
  );
}

function ConsentBox({
  consentKey,
  checked,
  error,
  designeeName,
  onChange,
}: {
  consentKey: SigningConsentKey;
  checked: boolean;
  error?: string;
  designeeName: string | null;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  const consent = signingConsents[consentKey];
  const extra: ReactNode = consentKey === 'designee' && designeeName ? ` The designee is ${designeeName}.` : null;
  return (
    <div>
      <label
        htmlFor={id}
        className={`flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-3 text-sm ${error ? 'border-red-600' : 'border-slate-300'} has-checked:border-brand-600 has-checked:bg-brand-50`}
      >
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 size-4 shrink-0 accent-brand-600"
        />
        <span>
          <span className="block font-semibold text-slate-900">{consent.label}</span>
          <span className="mt-1 block text-slate-700">
            {consent.text}
            {extra}
          </span>
        </span>
      </label>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function DoneStep({ signedAt, trackingNumber }: { signedAt: string; trackingNumber: string }) {
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 pt-4 sm:pt-6">
        <p className="flex items-start gap-3 text-slate-900">
          <CircleCheck className="mt-0.5 size-6 shrink-0 text-green-700" aria-hidden="true" />
          <span>
            You signed your Form SS-4 on {signedAtFormat.format(new Date(signedAt))}. We now file it with the IRS and will e-mail you when your EIN is
            issued. There is nothing more you need to do.
          </span>
        </p>
        <ButtonLink to={trackingPageHref(trackingNumber)} variant="secondary" className="w-fit">
          Follow your application
        </ButtonLink>
        <SupportLine />
      </CardContent>
    </Card>
  );
}
