// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { createElement } from 'react';
import { Award, BadgeCheck, FileCheck, Lock, Medal, ShieldCheck, Stamp } from 'lucide-react';
import { bannedIcons, findBannedIcons } from '#shared/site/banned-wording.ts';

// The seal-like icons of the banned wording list (src/shared/site/banned-wording.ts), as the icon
// library renders them.

describe('the banned icons', () => {
  it('finds the seal-like icons in rendered markup, and not the others', () => {
    const markup = (icon: typeof Lock) => {
      const html = render(createElement(icon, { className: 'size-4' })).container.innerHTML;
      cleanup();
      return html;
    };
    for (const icon of [BadgeCheck, Award, Medal, Stamp]) expect(findBannedIcons(markup(icon))).toHaveLength(1);
    for (const icon of [Lock, ShieldCheck, FileCheck]) expect(findBannedIcons(markup(icon))).toEqual([]);
    expect(bannedIcons.map((icon) => icon.className)).toEqual(['lucide-badge-check', 'lucide-award', 'lucide-medal', 'lucide-stamp']);
  });
});
