import type { LucideIcon } from 'lucide-react';

export type IconPoint = { icon: LucideIcon; title: string; text: string };

/** A list of short points, each an icon beside a title and a line of text. */
export function IconList({ points, iconClassName = 'text-brand-600', itemClassName = '', className = '', label }: {
  points: readonly IconPoint[];
  iconClassName?: string;
  itemClassName?: string;
  className?: string;
  label?: string;
}) {
  return (
    <ul className={className} aria-label={label}>
      {points.map(({ icon: Icon, title, text }) => (
        <li key={title} className={`flex gap-3 ${itemClassName}`}>
          <Icon className={`mt-0.5 size-5 shrink-0 ${iconClassName}`} aria-hidden="true" />
          <div>
            <p className="text-sm font-medium text-slate-900">{title}</p>
            <p className="text-xs text-slate-600">{text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
