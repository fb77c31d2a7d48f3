import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildMerchantCalculationsForm } from '@under/core/forms/fixtures/merchant-calculations';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../../../test/form-test-utils';
import { FormRenderer } from './form-renderer';

const input = (name: string) => screen.getByLabelText(new RegExp(`^${name}( \\*)?$`)) as HTMLInputElement;

/** Calculated values and value logic in the renderer, recomputed as the applicant types (decision 069). */
describe('calculated values in the renderer', { timeout: 30_000 }, () => {
  it('recomputes totals and fees as the applicant types, and keeps an override the form allows', async () => {
    const user = userEvent.setup();
    renderWithMantine(<FormRenderer form={buildMerchantCalculationsForm()} />);
    await user.type(input('Average monthly card volume'), '1000');
    expect(input('Annual card volume').value).toBe('12000');
    expect(input('Monthly processing fee').value).toBe('29.00');
    expect(input('Monthly processing fee').readOnly).toBe(true);
    // still following its input: a further keystroke recomputes it
    await user.type(input('Average monthly card volume'), '0');
    expect(input('Annual card volume').value).toBe('120000');
    // typed over by hand (allowCalculateOverride): the applicant's figure stays when the volume changes again
    await user.clear(input('Annual card volume'));
    await user.type(input('Annual card volume'), '99000');
    await user.clear(input('Average monthly card volume'));
    await user.type(input('Average monthly card volume'), '200000');
    expect(input('Monthly processing fee').value).toBe('5,000.00');
    expect(input('Annual card volume').value).toBe('99000.00');

    await user.type(input('Card present %'), '60');
    await user.type(input('Keyed %'), '20');
    // JSON Logic's + of a missing input is NaN: nothing is shown until the three are given
    expect(input('Total %').value).toBe('');
    await user.type(input('E-commerce %'), '20');
    expect(input('Total %').value).toBe('100');
    await user.clear(input('Keyed %'));
    await user.type(input('Keyed %'), '30');
    expect(input('Total %').value).toBe('110');
  });

  it('sets a value and disables the field while a logic trigger holds', async () => {
    const user = userEvent.setup();
    renderWithMantine(<FormRenderer form={buildMerchantCalculationsForm()} />);
    const policy = screen.getByRole('radiogroup', { name: /^Refund policy/ });
    const within30 = within(policy).getByRole('radio', { name: 'Refund within 30 days' }) as HTMLInputElement;
    await user.click(within(policy).getByRole('radio', { name: 'No refunds' }));
    expect(within30.checked).toBe(false);
    expect(within30.disabled).toBe(false);
    await user.type(input('E-commerce %'), '60');
    expect(within30.checked).toBe(true);
    expect(within30.disabled).toBe(true);
    await user.clear(input('E-commerce %'));
    expect(within30.disabled).toBe(false);
  });

  it('computes a value inside each owner row from that row', async () => {
    const user = userEvent.setup();
    renderWithMantine(<FormRenderer form={buildMerchantCalculationsForm()} />);
    await user.type(screen.getByLabelText(/^Ownership %/), '60');
    expect((screen.getByLabelText(/^Left for the others %/) as HTMLInputElement).value).toBe('40');
  });
});
