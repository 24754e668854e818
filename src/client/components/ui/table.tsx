import type { ComponentProps } from 'react';

/**
 * A data table; scrolls sideways inside its box when it is wider than the screen. With `scrollLabel`, the
 * box is a named region that takes the focus, so a keyboard can scroll it too (a box that also scrolls down).
 */
export function Table({ className = '', containerClassName = '', scrollLabel, ...props }: ComponentProps<'table'> & { containerClassName?: string; scrollLabel?: string }) {
  const scrollBox = scrollLabel ? { role: 'region', 'aria-label': scrollLabel, tabIndex: 0 } : {};
  return (
    <div className={`relative w-full overflow-x-auto ${containerClassName}`.trim()} {...scrollBox}>
      <table className={`w-full caption-bottom text-sm ${className}`.trim()} {...props} />
    </div>
  );
}

export function TableHeader({ className = '', ...props }: ComponentProps<'thead'>) {
  return <thead className={`border-b border-slate-200 bg-slate-50 ${className}`.trim()} {...props} />;
}

export function TableBody({ className = '', ...props }: ComponentProps<'tbody'>) {
  return <tbody className={`divide-y divide-slate-200 ${className}`.trim()} {...props} />;
}

export function TableRow({ className = '', ...props }: ComponentProps<'tr'>) {
  return <tr className={`hover:bg-slate-50 ${className}`.trim()} {...props} />;
}

export function TableHead({ className = '', scope = 'col', ...props }: ComponentProps<'th'>) {
  return <th scope={scope} className={`px-3 py-2.5 text-left align-middle text-xs font-semibold tracking-wide text-slate-600 uppercase ${className}`.trim()} {...props} />;
}

export function TableCell({ className = '', ...props }: ComponentProps<'td'>) {
  return <td className={`px-3 py-3 align-middle text-slate-800 ${className}`.trim()} {...props} />;
}

export function TableCaption({ className = '', ...props }: ComponentProps<'caption'>) {
  return <caption className={`mt-3 text-sm text-slate-600 ${className}`.trim()} {...props} />;
}
