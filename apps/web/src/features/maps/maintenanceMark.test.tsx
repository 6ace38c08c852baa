// A vehicle in maintenance mode is marked in the maps' list and in its popup, in the user's
// language, and a vehicle in service is not (the map's labels: map/geojson.test.ts).
import { screen, within } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../app/i18n';
import { renderInShell } from '../../test/render';
import { testVehicle } from './testVehicles';
import { VehicleList } from './VehicleList';
import { VehiclePopup } from './VehiclePopup';

const inService = testVehicle({ vehicle_id: 'v2', name: 'Reach 2' });
const underMaintenance = testVehicle({ maintenance_mode: true });

describe('the maintenance mode mark on the maps', () => {
  it('tags the vehicle in maintenance mode in the list, and not the one in service', async () => {
    await renderInShell(
      <VehicleList
        total={2}
        shown={[underMaintenance, inService]}
        counts={{ running: 2, stopping: 0, offline: 0, unknown: 0 }}
        filter={{ search: '', shades: ['running', 'stopping', 'offline', 'unknown'] }}
        onFilter={() => undefined}
        followed={undefined}
        onFollow={() => undefined}
      />,
      { language: 'ja' },
    );
    const marks = await screen.findAllByTestId('maintenance-mode');
    expect(marks).toHaveLength(1);
    expect(marks[0]?.textContent).toBe('メンテナンス中');
  });

  it('tags it in the vehicle popup', async () => {
    const t = i18n.getFixedT('en', 'maps') as TFunction;
    await renderInShell(<VehiclePopup vehicle={underMaintenance} t={t} canOpen={() => false} />);
    const popup = await screen.findByTestId('vehicle-popup');
    expect(within(popup).getByTestId('maintenance-mode').textContent).toBe('In maintenance');
  });
});
