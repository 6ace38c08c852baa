// The site plan dialog: an image's edges are checked with the contracts' limits and said with a
// message (an edge beyond the poles is refused, not silently turned into 90), and nothing is sent.
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../../test/render';
import * as api from './api';
import { SitePlanDialog } from './SitePlanDialog';

describe('the site plan dialog', () => {
  it('refuses an image edge beyond the pole with a message and sends nothing', async () => {
    const upload = vi.spyOn(api, 'uploadSitePlan');
    await renderInShell(
      <SitePlanDialog
        open
        onClose={() => undefined}
        companies={[{ value: 'c-1', label: 'Harbor Logistics' }]}
        company="c-1"
        view={[
          [139.77, 35.61],
          [139.78, 35.62],
        ]}
        withPlan={new Set()}
      />,
    );
    fireEvent.click(await screen.findByLabelText('Image placed on the map'));
    const north = await screen.findByLabelText('North edge (latitude)');
    fireEvent.change(north, { target: { value: '95' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a value of at most 90.')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
  });
});
