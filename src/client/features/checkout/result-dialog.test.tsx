// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResultDialog } from './result-dialog';

afterEach(cleanup);

function handlers() {
  return { onContinue: vi.fn(), onTryAgain: vi.fn(), onClosed: vi.fn() };
}

describe('ResultDialog', () => {
  it('shows nothing without a result', () => {
    render(<ResultDialog result={null} {...handlers()} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('announces a success, which only Continue leaves', async () => {
    const user = userEvent.setup();
    const props = handlers();
    render(<ResultDialog result={{ status: 'succeeded', paymentIntentId: 'pi_1' }} {...props} />);
    const dialog = screen.getByRole('dialog', { name: 'Payment Successful!' });
    expect(dialog.textContent).toContain('Your order has been confirmed.');
    expect(dialog.textContent?.match(/payment successful/gi)).toHaveLength(1);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(props.onContinue).toHaveBeenCalledTimes(1);
    expect(props.onTryAgain).not.toHaveBeenCalled();
  });

  it('shows the failure message with Try Again; Escape does the same', async () => {
    const user = userEvent.setup();
    const props = handlers();
    render(<ResultDialog result={{ status: 'failed', message: 'Your card was declined.' }} {...props} />);
    const dialog = screen.getByRole('dialog', { name: 'Payment Failed' });
    expect(dialog.textContent).toContain('Your card was declined.');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(props.onTryAgain).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(props.onTryAgain).toHaveBeenCalledTimes(2);
  });
});
