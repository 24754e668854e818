import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { CircleHelp } from 'lucide-react';
import { m } from '#shared/i18n/messages.ts';

/**
 * A small help bubble beside a label. A tap or click opens it and keeps it open (a second one
 * closes it); a mouse hovering or keyboard focus shows it too. Escape, a tap or click elsewhere, or
 * focus leaving closes it. The same text is also the field's description (see Field), so it is
 * reachable without the bubble.
 */
export function HelpTip({ label, text }: { label: string; text: string }) {
  const [open, setOpen] = useState(false);
  // Opened by a tap or click: stays open when the pointer leaves.
  const pinned = useRef(false);
  const wrapper = useRef<HTMLSpanElement>(null);
  const tip = useRef<HTMLSpanElement>(null);
  // How far the bubble is moved sideways to stay on a narrow screen.
  const [shift, setShift] = useState(0);
  const tipId = useId();

  useLayoutEffect(() => {
    if (!open || !tip.current) {
      setShift(0);
      return;
    }
    const margin = 8;
    const { left, right } = tip.current.getBoundingClientRect();
    const viewport = document.documentElement.clientWidth;
    if (left < margin) setShift(margin - left);
    else if (right > viewport - margin) setShift(viewport - margin - right);
  }, [open]);

  const close = () => {
    pinned.current = false;
    setOpen(false);
  };

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <span
      ref={wrapper}
      className="relative inline-flex"
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') setOpen(true);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse' && !pinned.current) setOpen(false);
      }}
    >
      <button
        type="button"
        className="-m-1.5 rounded-full p-2 text-slate-500 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
        aria-label={m.wizard_help_button({ label })}
        aria-describedby={open ? tipId : undefined}
        aria-expanded={open}
        onClick={() => {
          if (pinned.current) {
            close();
          } else {
            pinned.current = true;
            setOpen(true);
          }
        }}
        onFocus={() => setOpen(true)}
        onBlur={close}
      >
        <CircleHelp className="size-4" aria-hidden="true" />
      </button>
      {open ? (
        <span
          ref={tip}
          id={tipId}
          role="tooltip"
          style={shift ? { marginLeft: shift } : undefined}
          className="absolute top-full left-1/2 z-30 mt-2 w-60 max-w-[calc(100vw-2rem)] -translate-x-1/2 rounded-md bg-slate-900 px-3 py-2 text-xs leading-snug font-normal text-white shadow-lg"
        >
          {text}
        </span>
      ) : null}
    </span>
  );
}
