import type { ComponentProps } from 'react';

/** Shared look of text-like controls; the red border follows aria-invalid. */
export const controlClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600/30 aria-invalid:border-red-600 disabled:bg-slate-100 md:text-sm';

export function TextInput({ className = '', ...props }: ComponentProps<'input'>) {
  return <input className={`${controlClass} ${className}`} {...props} />;
}

export function TextArea({ className = '', ...props }: ComponentProps<'textarea'>) {
  return <textarea className={`${controlClass} ${className}`} {...props} />;
}

export function Select({ className = '', ...props }: ComponentProps<'select'>) {
  return <select className={`${controlClass} appearance-auto pr-8 ${className}`} {...props} />;
}

const choiceClass =
  'size-4 shrink-0 border-slate-400 accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** A radio or checkbox with its label, the whole row clickable. */
export function Choice({ label, hint, className = '', ...props }: ComponentProps<'input'> & { label: string; hint?: string }) {
  return (
    <label
      className={`flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm text-slate-800 hover:border-brand-600 has-checked:border-brand-600 has-checked:bg-brand-50 ${className}`}
    >
      <input className={`mt-0.5 ${choiceClass}`} {...props} />
      <span>
        <span className="font-medium">{label}</span>
        {hint ? <span className="block text-xs text-slate-600">{hint}</span> : null}
      </span>
    </label>
  );
}
