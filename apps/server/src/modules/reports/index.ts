// Reports (resource `report` to read, `rep_set` to set up; console /report): the list, one
// report, create, edit, delete, a report's figures, and its export as PDF, CSV or XLSX. Who may
// call each: the console pages reportListings, reportNew, reportEdit, reportDetail and the action
// reportDelete (contracts); what they read: reports.service.ts.
import {
  chartDataQuerySchema,
  REPORT_FORMATS,
  reportBodySchema,
  reportDataSchema,
  reportListQuerySchema,
  reportSchema,
} from '@fleetlens/contracts';
import { z } from 'zod';
import { requestLanguage } from '../../platform/i18n.ts';
import { attachmentOf } from '../../platform/objectKeys.ts';
import { op, resource, routeModule } from '../../platform/routes.ts';
import { REPORT_MEDIA_TYPES } from './export.ts';
import { reportService } from './service.ts';

const exportParams = z.object({ id: z.uuid(), format: z.enum(REPORT_FORMATS) });

export const registerReports = routeModule(['reports'], (route, platform) => {
  const reports = reportService(platform.database);

  route.get(
    '/reports/:id/data',
    op('reportDetail', "A report's figures over its period, in the caller's time setting and scope", {
      params: z.object({ id: z.uuid() }),
      query: chartDataQuerySchema,
      reply: reportDataSchema,
    }),
    ({ access, params, query }) => reports.data(access, params.id, query),
  );
  route.get(
    '/reports/:id/export/:format',
    op('reportDetail', 'A report as a file: PDF (chart and table), CSV or XLSX (the table)', {
      description:
        "The answer is the file itself (not the envelope), in the caller's language (Accept-Language). " +
        'A PDF that cannot be drawn answers 500 "Failed to create the PDF file."',
      params: exportParams,
      query: chartDataQuerySchema,
      reply: z.string(),
      files: {
        types: Object.values(REPORT_MEDIA_TYPES),
        description:
          'The file, as an attachment (Content-Disposition names it): PDF, CSV or XLSX by {format}',
      },
    }),
    async ({ access, params, query, request, reply }) => {
      const lang = requestLanguage(request.headers['accept-language']);
      const file = await reports.export(access, params.id, params.format, query, lang, (error) =>
        request.log.error({ err: error, report: params.id }, 'report PDF failed'),
      );
      reply.header('Content-Disposition', attachmentOf(file.name));
      reply.header('Cache-Control', 'private, no-store');
      return reply.type(file.type).send(file.body);
    },
  );

  resource(route, '/reports', {
    record: reportSchema,
    query: reportListQuerySchema,
    body: reportBodySchema,
    update: reportBodySchema,
    service: reports,
    list: {
      rule: 'reportListings',
      summary: 'Reports, newest change first (filter: name; template, author, on_dashboard)',
    },
    get: { rule: 'reportDetail', summary: 'One report' },
    create: { rule: 'reportNew', summary: "A report of the caller's company" },
    edit: { rule: 'reportEdit', summary: 'Change a report' },
    remove: { rule: 'reportDelete', summary: 'Delete a report' },
  });
});
