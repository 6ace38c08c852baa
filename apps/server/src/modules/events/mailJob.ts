// Event e-mail (console spec §3, the users' six notification flags; four of them name event
// types): a timed job (platform/jobs.ts) mails each new event once to the users whose flag covers
// its type, through the SMTP server at SMTP_URL (nodemailer). It starts from the database each
// time: a failed send is retried on the next run, and each recipient's mail is claimed in
// event_mails before it is sent, so nobody is mailed twice, even by two replicas at once. Events
// older than a day when their turn comes are not mailed (e-mail was off or failing).
import { mailFlagOf } from '@fleetlens/contracts';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { translate } from '../../platform/i18n.ts';
import type { Job } from '../../platform/jobs.ts';
import {
  claimMail,
  dropStaleMail,
  type MailEvent,
  mailDone,
  mailRecipients,
  pendingMailEvents,
  releaseMail,
} from './mail.repository.ts';

const BATCH = 100;
const STALE_MS = 24 * 3600 * 1000;

export interface MailJobDeps {
  database: DatabaseHandle;
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'MAIL_LANGUAGE' | 'publicUrl'>;
  /** Told whether each send worked (the health report's mail part). */
  sent?: (ok: boolean) => void;
}

const serverTime = (t: Date) => new Date(t).toISOString().slice(0, 19).replace('T', ' ');

export function mailJob({ database, config, sent }: MailJobDeps): Job {
  // Without SMTP_URL nobody is mailed: events only leave the work list.
  const transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : undefined;
  const lang = config.MAIL_LANGUAGE;
  const t = (key: string, params: Record<string, unknown> = {}) =>
    translate(lang, 'mail', `eventMail.${key}`, params);

  function message(event: MailEvent, kindKey: string) {
    const vehicle = event.vehicle ?? t('unknown');
    const time = serverTime(event.time);
    const kind = t(`kinds.${kindKey}`);
    const url = `${config.publicUrl}/#/event-summary/${event.id}/event-detail`;
    return {
      subject: t('subject', { kind, vehicle, time }),
      text: [
        t('intro', { kind }),
        '',
        t('vehicle', { vehicle }),
        t('operator', { operator: event.operator ?? t('unknown') }),
        t('time', { time }),
        t('speed', { speed: event.speed }),
        '',
        t('open', { url }),
        '',
        t('why'),
      ].join('\n'),
    };
  }

  return {
    name: 'event-mail',
    async run(_since, now) {
      await dropStaleMail(database, new Date(now.getTime() - STALE_MS));
      for (;;) {
        const events = await pendingMailEvents(database, BATCH);
        for (const event of events) {
          const flag = mailFlagOf(event.type);
          if (flag && transport) {
            const content = message(event, flag);
            for (const recipient of await mailRecipients(database, event, flag)) {
              if (!(await claimMail(database, event, recipient.id))) continue;
              try {
                await transport.sendMail({ from: config.MAIL_FROM, to: recipient.email, ...content });
                sent?.(true);
              } catch (error) {
                sent?.(false);
                await releaseMail(database, event, recipient.id);
                throw error;
              }
            }
          }
          await mailDone(database, event.id);
        }
        if (events.length < BATCH) break;
      }
      return undefined;
    },
  };
}
