import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailText } from './email-text';

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
