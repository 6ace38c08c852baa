// The way into a drive summary: its page's address with the subject's name, and nothing for whoever
// may not open it.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoProfile, renderInShell } from '../../test/render';
import { DriveSummaryLink } from './DriveSummaryLink';

describe('the drive summary link', () => {
  it("opens the subject's summary with its name for the title", async () => {
    await renderInShell(<DriveSummaryLink page="operatorGroupDriveSummary" id="g-1" name="Night & day" />);
    const link = await screen.findByRole('link', { name: 'Drive summary' });
    expect(link.getAttribute('href')).toBe('/operator-groups/g-1/drive-summary?name=Night%20%26%20day');
  });

  it('shows nothing to whoever may not open the summary', async () => {
    await renderInShell(
      <DriveSummaryLink page="vehicleDriveSummary" id="v-1" name="Reach" look="link-button" />,
      {
        profile: demoProfile({ sys_role: 'user', privileges: [] }),
      },
    );
    expect(screen.queryByRole('link')).toBeNull();
  });
});
