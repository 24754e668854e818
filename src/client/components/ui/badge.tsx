import type { ComponentProps } from 'react';

const variants = {
  default: 'border-transparent bg-brand-600 text-white',
  secondary: 'border-transparent bg-slate-100 text-slate-900',
  destructive: 'border-transparent bg-red-600 text-white',
  outline: 'border-slate-300 text-slate-900',
} as const;

/** Colour sets for badges whose meaning comes from a state (status, due date); the text still says it. */
export const badgeTones = {
  neutral: 'border-slate-200 bg-slate-100 text-slate-800',
  info: 'border-blue-200 bg-blue-50 text-blue-800',
  success: 'border-green-200 bg-green-50 text-green-800',
  warning: 'border-yellow-200 bg-yellow-50 text-yellow-900',
  caution: 'border-orange-200 bg-orange-50 text-orange-900',
  danger: 'border-red-200 bg-red-50 text-red-800',
} as const;

export type BadgeVariant = keyof typeof variants;
export type BadgeTone = keyof typeof badgeTones;

type BadgeProps = ComponentProps<'span'> & {
  variant?: BadgeVariant;
  /** Overrides the variant's colours. */
  tone?: BadgeTone;
};

export function Badge({ variant = 'default', tone, className = '', ...props }: BadgeProps) {
  const colours = tone ? badgeTones[tone] : variants[variant];
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${colours} ${className}`.trim()}
      {...props}
    />
  );
}
