import { Fragment } from 'react';

/**
 * An e-mail address that wraps only where a reader expects it to: before the "@" and before each
 * dot, never inside a name ("jane.doe@" / "example.com", not "jane.d" / "oe@example.com"). The
 * break points are `<wbr>` elements, so the copied text is the address exactly.
 */
export function EmailAddress({ address, className = '' }: { address: string; className?: string }) {
  const parts = address.split(/(?=[@.])/);
  return (
    <span className={`break-normal ${className}`.trim()}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
