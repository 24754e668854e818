// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { MaskedField, masks, type MaskSpec } from './fields';

afterEach(cleanup);

function MaskedForm({ mask, onSave }: { mask: MaskSpec; onSave: (values: { value: string }) => void }) {
  const form = useForm({ defaultValues: { value: '' } });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onSave)}>
        <MaskedField name="value" label="Value" mask={mask} />
        <button type="submit">Save</button>
      </form>
    </FormProvider>
  );
}

async function paste(mask: MaskSpec, text: string) {
  let stored: string | undefined;
  render(<MaskedForm mask={mask} onSave={(values) => (stored = values.value)} />);
  const user = userEvent.setup();
  const input = screen.getByLabelText('Value') as HTMLInputElement;
  await user.click(input);
  await user.paste(text);
  await user.click(screen.getByRole('button', { name: 'Save' }));
  return { shown: input.value, stored };
}

describe('MaskedField takes pasted text in any common format', () => {
  it.each([
    ['phone', '+1 (512) 555-0147', masks.phone, '(512) 555-0147', '(512) 555-0147'],
    ['phone', '1.512.555.0147', masks.phone, '(512) 555-0147', '(512) 555-0147'],
    ['phone', '512 555 0147', masks.phone, '(512) 555-0147', '(512) 555-0147'],
    ['phone (digits)', '+1 (512) 555-0147', masks.phoneDigits, '(512) 555-0147', '5125550147'],
    ['phone (digits)', '1-512-555-0147', masks.phoneDigits, '(512) 555-0147', '5125550147'],
    ['SSN', '123 45 6789', masks.ssnDigits, '123-45-6789', '123456789'],
    ['SSN', '123.45.6789', masks.ssnDigits, '123-45-6789', '123456789'],
    ['ZIP', ' 78701 1234 ', masks.zip, '78701-1234', '78701-1234'],
    ['ZIP', '78701', masks.zip, '78701', '78701'],
    ['EIN', '12 3456789', masks.ein, '12-3456789', '12-3456789'],
    ['EIN', '12.345.6789', masks.ein, '12-3456789', '12-3456789'],
  ])('%s: pasting %j', async (_kind, text, mask, shown, stored) => {
    expect(await paste(mask, text)).toEqual({ shown, stored });
  });
});
