import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BellBadge } from './NotificationBell';

function badgeText(count: number): string {
  const { container } = render(<BellBadge count={count} />);
  return container.querySelector('.ant-badge-count')?.textContent ?? '';
}

describe('BellBadge', () => {
  it('shows the unread count up to 99', () => {
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
  });

  it('caps the count at 99+', () => {
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(1234)).toBe('99+');
  });

  it('shows no badge without unread notifications', () => {
    expect(badgeText(0)).toBe('');
  });
});
