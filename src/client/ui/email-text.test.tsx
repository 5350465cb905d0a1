import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailText } from './email-text';
import { TextInput } from './text-input';

describe('EmailText', () => {
  it('offers a break after the @ and after each dot, and reads as the address', () => {
    const { container } = render(<EmailText email="jane.doe@coastal-law.example.com" />);
    const span = container.querySelector('.sd-email') as HTMLElement;
    expect(span.textContent).toBe('jane.doe@coastal-law.example.com');
    expect(span.innerHTML).toBe('jane.<wbr>doe@<wbr>coastal-law.<wbr>example.<wbr>com');
  });

  it('adds no break to an address without @ or dots', () => {
    const { container } = render(<EmailText email="postmaster" />);
    expect(container.querySelectorAll('wbr')).toHaveLength(0);
  });
});

describe('a read-only email field', () => {
  it('shows the address with its break points (person basics for a reader who cannot change it)', () => {
    const { container } = render(
      <TextInput
        label="Email"
        name="email"
        type="email"
        readOnly
        value="a.very.long.name@client.example.com"
        onChange={() => {}}
      />,
    );
    const output = container.querySelector('output') as HTMLElement;
    expect(output.textContent).toBe('a.very.long.name@client.example.com');
    expect(output.querySelectorAll('wbr')).toHaveLength(6);
  });
});
