import { VEHICLE_ICONS, VEHICLE_TYPES } from '@fleetlens/contracts';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VehicleTypeIcon } from './VehicleTypeIcon';

describe('vehicle type icons', () => {
  it('draws every type of the spec in both variants, in the text colour', () => {
    for (const type of VEHICLE_TYPES)
      for (const variant of VEHICLE_ICONS) {
        const { container, unmount } = render(<VehicleTypeIcon type={type} variant={variant} title={type} />);
        const svg = container.querySelector(`svg[data-vehicle-icon="${type}-${variant}"]`);
        expect(svg?.getAttribute('aria-label')).toBe(type);
        // Something is drawn, and the colour follows the text (currentColor).
        expect(svg?.querySelectorAll('path, rect, circle').length).toBeGreaterThanOrEqual(3);
        expect(svg?.innerHTML).toContain('currentColor');
        unmount();
      }
  });

  it('is decorative without a title', () => {
    const { container } = render(<VehicleTypeIcon type="crane" />);
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });
});
