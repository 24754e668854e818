import { useEffect, useRef } from 'react';

/**
 * A wizard page's title. It takes focus when the page opens, so after every step change a screen
 * reader announces the new step and the next Tab starts from the top of its form.
 */
export function StepHeading({ title }: { title: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-slate-900 focus:outline-none md:text-3xl">
      {title}
    </h1>
  );
}
