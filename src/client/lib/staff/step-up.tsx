import { createContext, useCallback, useContext, useMemo, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { ApiError, apiRequest } from '../api';
import { fetchStaffSession, staffSessionKey } from './staff-api';
import { SecondFactorForm } from './second-factor-form';
import { hasFreshStepUp, twoFactorMessages, type SecondFactor } from '#shared/staff/two-factor.ts';

// The step-up before an SSN or an SS-4 (decision 024): the server refuses with `step_up_required`
// unless this browser gave a code in the last 15 minutes; the panel asks for one first, in a dialog,
// and then goes on with what the member pressed.

type StepUp = {
  /** Resolves true when a code given in the last 15 minutes covers the next call (asking for one if needed), false if the member cancels. */
  ensureStepUp: () => Promise<boolean>;
};

const StepUpContext = createContext<StepUp | null>(null);

export function StepUpProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const pending = useRef<((verified: boolean) => void) | null>(null);

  const settle = useCallback((verified: boolean) => {
    pending.current?.(verified);
    pending.current = null;
    setOpen(false);
    setFailure(null);
  }, []);

  const ensureStepUp = useCallback(async () => {
    const session = await queryClient.fetchQuery({ queryKey: staffSessionKey, queryFn: fetchStaffSession, staleTime: 0 });
    if (hasFreshStepUp(session)) return true;
    return new Promise<boolean>((resolve) => {
      pending.current = resolve;
      setOpen(true);
    });
  }, [queryClient]);

  async function submit(factor: SecondFactor) {
    setFailure(null);
    await apiRequest<{ verifiedAt: string }>('POST', '/api/manage/account/step-up', factor);
    await queryClient.invalidateQueries({ queryKey: staffSessionKey });
    settle(true);
  }

  const value = useMemo(() => ({ ensureStepUp }), [ensureStepUp]);
  return (
    <StepUpContext.Provider value={value}>
      {children}
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (!next) settle(false);
        }}
        title="Confirm it's you"
        description="Revealing an SSN or downloading an SS-4 needs a code from your authenticator app. It then works for 15 minutes."
      >
        {failure ? (
          <p role="alert" className="mb-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {failure}
          </p>
        ) : null}
        <SecondFactorForm
          label="Confirm it's you"
          submitLabel="Continue"
          onSubmit={submit}
          onFailure={(error) => setFailure(error instanceof ApiError && error.code === 'rate_limited' ? twoFactorMessages.tooManyCodes : error instanceof ApiError ? error.message : twoFactorMessages.codeWrong)}
        />
      </Dialog>
    </StepUpContext.Provider>
  );
}

// Outside the panel's layout (a component rendered on its own) nothing is asked; the server still refuses.
const noStepUp: StepUp = { ensureStepUp: () => Promise.resolve(true) };

export function useStepUp(): StepUp {
  return useContext(StepUpContext) ?? noStepUp;
}

/**
 * A link that downloads a file holding an SSN (the SS-4s): a code is asked first when the last one is
 * older than 15 minutes, then the download starts as the plain link would.
 */
export function StepUpDownloadLink({ href, children, ...props }: ComponentProps<'a'> & { href: string }) {
  const { ensureStepUp } = useStepUp();
  return (
    <a
      {...props}
      href={href}
      download
      onClick={(event) => {
        event.preventDefault();
        void ensureStepUp().then((verified) => {
          if (verified) startDownload(href);
        });
      }}
    >
      {children}
    </a>
  );
}

/** Whether an API error asks for the step-up. */
export function isStepUpRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'step_up_required';
}

/** Starts a download of `href` as a link with `download` would (the session cookie goes with it). */
export function startDownload(href: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}
