import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, initialsOf } from './avatar.tsx';

describe('Avatar', () => {
  it("takes the first and last names' initials", () => {
    expect(initialsOf('Maria da Silva')).toBe('MS');
    expect(initialsOf('  ana  ')).toBe('A');
    expect(initialsOf('')).toBe('');
  });

  it('shows the photo with an empty alt, the name being written beside it', () => {
    const { container } = render(<Avatar name="Maria da Silva" photoUrl="/foto.png" size="sm" />);
    const photo = container.querySelector('img');
    expect(photo).toHaveAttribute('src', '/foto.png');
    expect(photo).toHaveAttribute('alt', '');
    expect(photo).toHaveClass('size-8', 'rounded-full', 'object-cover');
  });

  it('shows the initials hidden from screen readers where there is no photo', () => {
    const { container } = render(<Avatar name="Maria da Silva" photoUrl={null} className="size-10" />);
    const initials = container.querySelector('span');
    expect(initials).toHaveTextContent('MS');
    expect(initials).toHaveAttribute('aria-hidden', 'true');
    expect(initials).toHaveClass('size-10', 'bg-primary-100');
  });
});
