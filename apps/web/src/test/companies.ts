// The company a form's customer picker offers in a test: Harbor Logistics alone. In a test:
// vi.mock('../customers/api', () => import('../../test/companies')).
export const HARBOR_ID = '00000000-0000-4000-8000-000000000002';

/** customers/api's companies, answering Harbor alone. */
export const useCompanies = () => ({
  list: [{ id: HARBOR_ID, name: 'Harbor Logistics' }],
  options: [{ value: HARBOR_ID, label: 'Harbor Logistics' }],
});
