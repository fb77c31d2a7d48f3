import { Input } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../../../test/form-test-utils';
import { LiteSelect, LiteTextarea, LiteTextInput } from './lite-input';

describe('lite inputs (Mantine look, plain elements)', () => {
  it('labels the input, marks it required and draws the asterisk like Mantine', () => {
    renderWithMantine(<LiteTextInput id="f-name" label="Name" required value="" onChange={() => {}} />);
    const input = screen.getByLabelText(/^Name/);
    expect(input.id).toBe('f-name');
    expect(input).toHaveProperty('required', true);
    expect(input.classList.contains(Input.classes.input as string)).toBe(true);
    expect(input.parentElement?.classList.contains(Input.classes.wrapper as string)).toBe(true);
    const asterisk = screen.getByText('*');
    expect(asterisk.getAttribute('aria-hidden')).toBe('true');
  });

  it('announces the error and the description, error first, and colours the box', () => {
    renderWithMantine(
      <LiteTextInput id="f-mail" label="Email" description="Work address" error="Email is required" defaultValue="" />,
    );
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('f-mail-error f-mail-description');
    expect(document.getElementById('f-mail-error')?.textContent).toBe('Email is required');
    expect(document.getElementById('f-mail-description')?.textContent).toBe('Work address');
    expect(input.parentElement?.getAttribute('data-error')).toBe('true');
    expect(input.closest('[data-error]')).toBeTruthy();
  });

  it('has no aria-invalid or aria-describedby without an error or description', () => {
    renderWithMantine(<LiteTextInput id="f-plain" label="Plain" defaultValue="" />);
    const input = screen.getByLabelText('Plain');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });

  it('draws sections with their widths and keeps a disabled select disabled', () => {
    renderWithMantine(
      <>
        <LiteTextInput id="f-amount" label="Amount" leftSection="$" leftSectionWidth={36} defaultValue="" />
        <LiteSelect
          id="f-kind"
          label="Kind"
          disabled
          value=""
          onChange={() => {}}
          data={[
            { value: '', label: 'Select…' },
            { value: 'llc', label: 'LLC' },
          ]}
        />
        <LiteTextarea id="f-notes" label="Notes" rows={4} defaultValue="" />
      </>,
    );
    const amount = screen.getByLabelText('Amount');
    const box = amount.parentElement as HTMLElement;
    expect(box.getAttribute('data-with-left-section')).toBe('true');
    expect(box.style.getPropertyValue('--input-left-section-width')).toContain('2.25rem');
    expect(screen.getByText('$').getAttribute('data-position')).toBe('left');
    const kind = screen.getByLabelText('Kind') as HTMLSelectElement;
    expect(kind.disabled).toBe(true);
    expect(kind.getAttribute('data-disabled')).toBe('true');
    expect(screen.getByRole('option', { name: 'LLC' })).toBeTruthy();
    expect((screen.getByLabelText('Notes') as HTMLTextAreaElement).rows).toBe(4);
  });
});
