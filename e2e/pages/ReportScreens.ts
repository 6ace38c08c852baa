import type { Download, Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/** The reports (/report/...): the list, the form, the detail page, and their cards on the dashboard. */
export class ReportScreens extends BasePage {
  /** Fills the new report's form and saves it: name, chart template, period, vehicles, shown on dashboard. */
  async create(report: {
    name: string;
    template: string;
    period: string;
    vehicles: string[];
    onDashboard: boolean;
  }) {
    await this.go('/report/listings');
    await this.openForm('New report', /#\/report\/new/);
    await this.fill({ name: report.name });
    await this.pick('template', report.template);
    await this.pick('period', report.period);
    for (const vehicle of report.vehicles) await this.pickByName('vehicle_ids', vehicle);
    await this.page.keyboard.press('Escape');
    if (report.onDashboard) await this.input('on_dashboard').click();
    await this.save();
  }

  /** A report's card on the dashboard. */
  dashboardCard(name: string): Locator {
    return this.page.getByTestId('report-card').filter({ hasText: name });
  }

  /** Opens the report from its card on the dashboard. */
  async openFromDashboard(name: string) {
    await this.dashboardCard(name).getByRole('link', { name }).click();
    await this.expectAt(/#\/report\/[\w-]+\/detail/);
  }

  /** Clicks a download button and answers the file the browser saves. */
  async download(label: 'Download PDF' | 'Download CSV' | 'Download XLSX'): Promise<Download> {
    const saved = this.page.waitForEvent('download');
    await this.clickButton(label);
    return saved;
  }
}
