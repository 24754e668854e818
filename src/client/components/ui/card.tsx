import type { ComponentProps } from 'react';

export function Card({ className = '', ...props }: ComponentProps<'div'>) {
  return <div className={`rounded-xl border border-slate-200 bg-white text-slate-900 shadow-sm ${className}`.trim()} {...props} />;
}

export function CardHeader({ className = '', ...props }: ComponentProps<'div'>) {
  return <div className={`flex flex-col gap-1.5 p-4 sm:p-6 ${className}`.trim()} {...props} />;
}

/** A card's heading; pick the level that fits the page outline (h2 by default). */
export function CardTitle({
  as: Heading = 'h2',
  className = '',
  ...props
}: ComponentProps<'h2'> & { as?: 'h2' | 'h3' | 'h4' }) {
  return <Heading className={`text-lg leading-tight font-semibold ${className}`.trim()} {...props} />;
}

export function CardDescription({ className = '', ...props }: ComponentProps<'p'>) {
  return <p className={`text-sm text-slate-600 ${className}`.trim()} {...props} />;
}

export function CardContent({ className = '', ...props }: ComponentProps<'div'>) {
  return <div className={`p-4 pt-0 sm:p-6 sm:pt-0 ${className}`.trim()} {...props} />;
}
