// Valid request bodies the tests of several modules send, written once: each test states only what
// it changes.

/** An operator of `customer` whose code, last name and licence number follow `code`. */
export const operatorBody = (customer: string, code: string, firstName = 'Ren') => ({
  customer_id: customer,
  operator_code: code,
  first_name: firstName,
  last_name: code,
  birth_date: '1990-01-01',
  address: 'Pier 4',
  license_number: `L-${code}`,
  license_received_on: '2012-01-01',
  license_valid_till: '2032-01-01',
  license_location: 'Harbor City',
  phone: '0123456',
});

/**
 * A site plan of one square feature, 0.001° a side from its south-west corner `[lng, lat]`: its
 * `kind` and `name` are what a test looks for.
 */
export const squarePlan = (properties: { kind: string; name: string }, [lng, lat] = [139.77, 35.61]) => ({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [lng, lat],
            [lng + 0.001, lat],
            [lng + 0.001, lat + 0.001],
            [lng, lat],
          ],
        ],
      },
      properties,
    },
  ],
});
