import { useId, useState } from 'react';
import { CircleHelp } from 'lucide-react';

/**
 * A small help bubble beside a label: opens on hover, keyboard focus or tap (so it works on
 * phones), closes on Escape or when focus leaves.
 */
export function HelpTip({ label, text }: { label: string; text: string }) {
  const [open, setOpen] = useState(false);
  const tipId = useId();
  return (
    <span className="relative inline-flex" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        className="rounded-full p-0.5 text-slate-500 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
        aria-label={`Help: ${label}`}
        aria-describedby={open ? tipId : undefined}
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
      >
        <CircleHelp className="size-4" aria-hidden="true" />
      </button>
      {open ? (
        <span
          id={tipId}
          role="tooltip"
          className="absolute top-full left-1/2 z-30 mt-2 w-60 -translate-x-1/2 rounded-md bg-slate-900 px-3 py-2 text-xs leading-snug font-normal text-white shadow-lg"
        >
          {text}
        </span>
      ) : null}
    </span>
  );
}
