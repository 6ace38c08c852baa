import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageTitle, usePageTitle } from './usePageTitle';

function Titled({ title }: { title?: string }) {
  usePageTitle(title);
  return null;
}

describe('page title', () => {
  it('is the route title then the product title, or the product title alone', () => {
    expect(pageTitle('Vehicles')).toBe('Vehicles - FleetLens v3');
    expect(pageTitle(undefined)).toBe('FleetLens v3');
  });

  it('sets document.title', () => {
    render(<Titled title="Users" />);
    expect(document.title).toBe('Users - FleetLens v3');
  });
});
