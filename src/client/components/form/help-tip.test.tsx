// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Field } from './field';
import { TextInput } from './controls';

afterEach(cleanup);

const helpText = 'The county where the business is located (IRS Form SS-4, line 6).';

function renderField() {
  render(
    <div>
      <Field label="County" help={helpText}>
        {(control) => <TextInput {...control} />}
      </Field>
      <p>Elsewhere on the page</p>
    </div>,
  );
  return userEvent.setup();
}

const helpButton = () => screen.getByRole('button', { name: 'Help: County' });
const tip = () => screen.queryByRole('tooltip');

describe('HelpTip', () => {
  it('opens on a tap and stays open until tapped again', async () => {
    const user = renderField();
    await user.pointer({ keys: '[TouchA]', target: helpButton() });
    expect(tip()?.textContent).toBe(helpText);
    expect(helpButton().getAttribute('aria-expanded')).toBe('true');
    await user.pointer({ keys: '[TouchA]', target: helpButton() });
    expect(tip()).toBeNull();
  });

  it('opens on a click and stays open when the mouse leaves; Escape closes it', async () => {
    const user = renderField();
    await user.click(helpButton());
    await user.unhover(helpButton());
    expect(tip()?.textContent).toBe(helpText);
    expect(helpButton().getAttribute('aria-describedby')).toBe(tip()?.id);
    await user.keyboard('{Escape}');
    expect(tip()).toBeNull();
  });

  it('closes on a tap or click elsewhere', async () => {
    const user = renderField();
    await user.click(helpButton());
    expect(tip()).not.toBeNull();
    await user.click(screen.getByText('Elsewhere on the page'));
    expect(tip()).toBeNull();
  });

  it('shows on hover and hides when the mouse leaves, unless clicked', async () => {
    const user = renderField();
    await user.hover(helpButton());
    expect(tip()).not.toBeNull();
    await user.unhover(helpButton());
    expect(tip()).toBeNull();
  });

  it('shows on keyboard focus and hides when focus leaves', async () => {
    const user = renderField();
    await user.tab();
    expect(document.activeElement).toBe(helpButton());
    expect(tip()).not.toBeNull();
    await user.tab();
    expect(tip()).toBeNull();
  });

  it("makes the help text part of the field's description, so it is reachable without the tip", () => {
    renderField();
    const input = screen.getByLabelText('County');
    const description = (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(description).toContain(helpText);
    expect(tip()).toBeNull();
  });
});
