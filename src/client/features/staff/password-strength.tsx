import { useEffect, useState } from 'react';
import { loadPasswordScorer, minPasswordScore, passwordLength, minPasswordLength, type PasswordOwner, type PasswordScorer } from '#shared/staff/password-rule.ts';

// The strength meter of the three screens that set a staff password (decision 038). The estimator's
// dictionaries are large: they are imported here, when such a screen opens, never by a public page.

/** The estimator once its dictionaries have loaded (null until then, or if they could not be). */
export function usePasswordScorer(): PasswordScorer | null {
  const [scorer, setScorer] = useState<PasswordScorer | null>(null);
  useEffect(() => {
    let current = true;
    loadPasswordScorer().then(
      (loaded) => current && setScorer(() => loaded),
      (error: unknown) => console.error('The password strength estimator could not be loaded', error),
    );
    return () => {
      current = false;
    };
  }, []);
  return scorer;
}

const levels = [
  { label: 'Very weak', bar: 'bg-red-600' },
  { label: 'Weak', bar: 'bg-red-600' },
  { label: 'Fair', bar: 'bg-amber-500' },
  { label: 'Strong', bar: 'bg-green-700' },
  { label: 'Very strong', bar: 'bg-green-700' },
] as const;

/** Five segments and a word, under a new-password field; silent until something is typed. */
export function PasswordStrengthMeter({ password, owner, scorer }: { password: string; owner: PasswordOwner; scorer: PasswordScorer | null }) {
  if (!password || !scorer) return null;
  const inputs = [owner.email ?? '', owner.name ?? ''].filter(Boolean);
  const short = passwordLength(password) < minPasswordLength;
  const { score, warning } = scorer(password, inputs);
  const shown = short ? Math.min(score, 1) : score;
  const level = levels[shown] ?? levels[0];
  const enough = !short && score >= minPasswordScore;
  return (
    <div className="mt-1 mb-2" data-testid="password-strength">
      <div className="flex gap-1" aria-hidden="true">
        {levels.map((_, index) => (
          <span key={index} className={`h-1.5 flex-1 rounded-full ${index <= shown ? level.bar : 'bg-slate-200'}`} />
        ))}
      </div>
      <p className="mt-1 text-xs text-slate-700" aria-live="polite">
        Strength: <span className="font-semibold">{level.label}</span>
        {enough ? '' : warning ? ` (${warning})` : ''}
      </p>
    </div>
  );
}
