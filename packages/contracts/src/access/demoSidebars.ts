// What each demo account (the server's demo seed, docs/access-model.md) sees in English: the
// page it lands on and its sidebar's top-level entries. One list for the route table's test,
// the web sidebar's test and the end-to-end story, which check it from three sides.

const EVERYTHING = [
  'Charts',
  'Customers',
  'Users',
  'Master data',
  'Vehicles',
  'Devices',
  'Firmware',
  'Operators',
  'Video and events',
  'Driving score',
  'Reports',
  'Maintenance',
  'Fuel management',
  'Digital tachograph',
  'Data migration',
  'Managerial data',
  'Notices',
];

export const DEMO_SIDEBARS: Record<
  'admin' | 'support' | 'sales' | 'kitting' | 'manager' | 'operator',
  { landing: string; entries: string[] }
> = {
  admin: { landing: '/virtualization', entries: EVERYTHING },
  support: { landing: '/virtualization', entries: EVERYTHING },
  sales: {
    landing: '/users',
    entries: [
      ...['Charts', 'Customers', 'Users', 'Vehicles', 'Operators', 'Video and events', 'Driving score'],
      ...['Reports', 'Fuel report', 'Managerial data', 'Notices'],
    ],
  },
  kitting: {
    landing: '/vehicles',
    entries: [
      ...['Customers', 'Master data', 'Vehicles', 'Devices', 'Firmware', 'RFID cards', 'Data migration'],
      ...['Managerial data', 'Notices'],
    ],
  },
  manager: {
    landing: '/virtualization',
    entries: [
      ...['Charts', 'Users', 'Vehicles', 'Devices', 'Operators', 'Video and events', 'Driving score'],
      ...['Reports', 'Maintenance', 'Fuel management', 'Digital tachograph', 'Managerial data', 'Notices'],
    ],
  },
  operator: { landing: '/virtualization', entries: ['Charts', 'Notices'] },
};
