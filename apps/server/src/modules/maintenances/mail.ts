// The maintenance e-mail (console spec, the users' flag notify_maintain): when the evaluation
// finds a vehicle's state risen (into its warning window, then due, then overdue), the users whose
// notifications include maintenance are mailed once per rise, through the SMTP server at SMTP_URL
// (nodemailer). Each notice is claimed before it is sent (notified_state), so nobody is mailed
// twice, even by two replicas; a failed send is released and told at the next rise.
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { translate } from '../../platform/i18n.ts';
import type { Evaluated } from './evaluation.repository.ts';
import { claimNotice, type Notice, noticeRecipients, releaseNotice } from './mail.repository.ts';

export interface MaintenanceMailDeps {
  database: DatabaseHandle;
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'MAIL_LANGUAGE' | 'publicUrl'>;
  /** Sends one message (tests give theirs); SMTP_URL's transport when not given. */
  send?: (message: { from: string; to: string; subject: string; text: string }) => Promise<unknown>;
}

const serverTime = (t: Date | null) => (t ? new Date(t).toISOString().slice(0, 16).replace('T', ' ') : '—');

/** The `entered` hook of the evaluation job: mails the rises it found. */
export function maintenanceMail({ database, config, send }: MaintenanceMailDeps) {
  const transport = send ?? (config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : undefined);
  const sendMail = typeof transport === 'function' ? transport : transport?.sendMail.bind(transport);
  const t = (key: string, params: Record<string, unknown> = {}) =>
    translate(config.MAIL_LANGUAGE, 'mail', `maintenanceMail.${key}`, params);

  const message = (notice: Notice) => {
    const state = t(`states.${notice.state}`);
    const url = `${config.publicUrl}/#/maintenances/${notice.maintenance_id}/vehicles/${notice.vehicle_id}/confirm`;
    return {
      subject: t('subject', { vehicle: notice.vehicle, item: notice.item, state }),
      text: [
        t('intro', { vehicle: notice.vehicle, item: notice.item, state }),
        '',
        t('due', { time: serverTime(notice.due_at) }),
        ...(notice.hours_left === null
          ? []
          : [t('hoursLeft', { hours: Math.round(notice.hours_left * 10) / 10 })]),
        '',
        t('open', { url }),
        '',
        t('why'),
      ].join('\n'),
    };
  };

  return async (
    worse: readonly Pick<Evaluated, 'customer_id' | 'maintenance_id' | 'vehicle_id' | 'state'>[],
  ) => {
    if (!sendMail) return;
    for (const rise of worse) {
      if (rise.state === 'ok') continue;
      const notice = await claimNotice(database, rise);
      if (!notice) continue;
      const recipients = await noticeRecipients(database, notice.customer_id);
      try {
        for (const recipient of recipients)
          await sendMail({ from: config.MAIL_FROM, to: recipient.email, ...message(notice) });
      } catch (error) {
        await releaseNotice(database, notice);
        throw error;
      }
    }
  };
}
