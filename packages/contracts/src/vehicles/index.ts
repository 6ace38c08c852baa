// The vehicle registry: vendors, models, groups and vehicles (domain spec §3, §5, §8).
export { MEASURE_MAX, measure } from './fields.ts';
export * from './groups.ts';
export * from './masters.ts';
export * from './vehicles.ts';
