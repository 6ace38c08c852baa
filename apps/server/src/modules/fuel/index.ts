// Fuel management (resource `fuel`, customer function oil-mgt for the report): results per vehicle
// and day entered in a grid or from a CSV file, their versions, and the report (listings, details,
// 3 months, summary) with consumption per vehicle, group and operator and its unusual figures
// explained. Who may call each: the console pages fuelResultsEntry and fuelReport (contracts);
// the rules: service.ts (results), report.service.ts (figures).
import {
  FUEL_ANOMALY_KEY,
  FUEL_CSV_MAX_BYTES,
  type FuelAnomaly,
  fuelAnomalyParams,
  fuelReasonSchema,
  fuelReportQuerySchema,
  fuelReportSchema,
  fuelResultsQuerySchema,
  fuelResultsSchema,
  fuelSaveBodySchema,
  fuelSavedSchema,
  fuelVersionsSchema,
  isRealDate,
  type Language,
} from '@fleetlens/contracts';
import { z } from 'zod';
import { ApiError } from '../../platform/errors.ts';
import { translate } from '../../platform/i18n.ts';
import { op, rolesOf, routeModule } from '../../platform/routes.ts';
import { uploadingModule } from '../files/public.ts';
import { readFuelCsv } from './csv.ts';
import { fuelReportService } from './report.service.ts';
import { vehiclesByNames } from './repository.ts';
import { fuelService } from './service.ts';

const csvQuery = z.object({
  reason: fuelReasonSchema,
  dry_run: z
    .enum(['true', 'false'], 'validation.invalidEnum')
    .default('false')
    .transform((v) => v === 'true'),
});

/** Why a figure is unusual, as the report's page says it (the contracts' sentence and numbers). */
const explainAnomaly = (anomaly: unknown, lang: Language) =>
  translate(lang, 'report', FUEL_ANOMALY_KEY, fuelAnomalyParams(anomaly as FuelAnomaly, lang));

const fuelRoutes = routeModule(['fuel'], (route, platform) => {
  const fuel = fuelService(platform.database);
  const reports = fuelReportService(platform.database);

  route.get(
    '/fuel/vehicles',
    op(
      rolesOf('fuelResultsEntry', 'fuelReport'),
      'The vehicles whose fuel the caller may enter or read, with their capacity',
      {
        reply: z.array(
          z.object({
            id: z.string(),
            name: z.string(),
            capacity_l: z.number().nullable(),
            group: z.string().nullable(),
          }),
        ),
      },
    ),
    ({ access }) => reports.vehicles(access),
  );

  route.get(
    '/fuel/results',
    op(
      'fuelResultsEntry',
      "A vehicle's fuel results over some days, with the readings just before and after",
      {
        query: fuelResultsQuerySchema,
        reply: fuelResultsSchema,
      },
    ),
    ({ access, query }) => fuel.results(access, query),
  );

  route.get(
    '/fuel/results/:vehicleId/:day/versions',
    op('fuelResultsEntry', "Every version of a vehicle's day, newest (the current) first", {
      params: z.object({
        vehicleId: z.uuid(),
        day: z.string().refine(isRealDate, 'validation.invalidDate'),
      }),
      reply: fuelVersionsSchema,
    }),
    ({ access, params }) => fuel.versions(access, params.vehicleId, params.day),
  );

  route.post(
    '/fuel/results',
    op('fuelResultsEntry', 'Save fuel results, all or none (a changed day is a new version, with a reason)', {
      description:
        'Refusals name every bad cell as entries.<index>.<field>: a fill above the fuel capacity, a remaining ' +
        'amount that cannot be, a meter that runs backwards or gains more than 24 h a day, a correction without a reason.',
      body: fuelSaveBodySchema,
      reply: fuelSavedSchema,
    }),
    ({ access, body }) => fuel.saveEntries(access, body),
  );

  route.post(
    '/fuel/results/csv',
    op('fuelResultsEntry', 'Save fuel results from a CSV file, all or none (dry_run=true checks only)', {
      description:
        'Multipart, one file: a header "vehicle,date,received_l,hour_meter,remaining_l" and a reading a line, ' +
        'the vehicle by name. Refusals name every bad line as lines.<line number>.<field>; nothing is saved.',
      query: csvQuery,
      multipart: true,
      reply: fuelSavedSchema,
    }),
    async ({ access, query, request }) => {
      if (!request.isMultipart()) throw fileError('fileRequired');
      let read: Awaited<ReturnType<typeof readFuelCsv>> | undefined;
      try {
        for await (const part of request.parts({
          limits: { fileSize: FUEL_CSV_MAX_BYTES, files: 1, fields: 4, parts: 5 },
        }))
          if (part.type === 'file') read = await readFuelCsv(part.file);
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileError('fileTooLarge');
        if (code?.startsWith('FST_')) throw fileError('invalid');
        throw error;
      }
      if (!read) throw fileError('fileRequired');
      const names = [...new Set(read.lines.map((l) => l.vehicle))];
      const vehicles = await vehiclesByNames(platform.database, access, names);
      const byName = new Map(vehicles.map((v) => [v.name, v]));
      const unknown = read.lines
        .filter((l) => !byName.has(l.vehicle))
        .map((l) => ({ index: l.line, field: 'vehicle', key: 'fuelVehicleUnknown', params: {} }));
      const entries = read.lines
        .filter((l) => byName.has(l.vehicle))
        .map((l) => ({ index: l.line, entry: { ...l.entry, vehicle_id: byName.get(l.vehicle)?.id ?? '' } }));
      return fuel.save(access, { entries, reason: query.reason, dry_run: query.dry_run }, 'csv', 'lines', [
        ...read.issues,
        ...unknown,
      ]);
    },
  );

  route.get(
    '/fuel/report',
    op(
      'fuelReport',
      'A fuel report over a period: listings, details, 3 months or summary, unusual figures explained',
      {
        query: fuelReportQuerySchema,
        reply: fuelReportSchema,
        // The explanation of an unusual figure, worded as the report's page words it.
        exported: { rows: 'rows', words: { anomaly: explainAnomaly } },
      },
    ),
    ({ access, query }) => reports.report(access, query),
  );
});

const fileError = (key: string, params: Record<string, unknown> = {}) =>
  new ApiError('validation', { fields: [{ field: 'file', key, params }] });

// The CSV import takes an upload: the routes in a scope of their own with the multipart parser.
export const registerFuel = uploadingModule(fuelRoutes);
