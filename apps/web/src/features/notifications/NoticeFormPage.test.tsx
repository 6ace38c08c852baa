// The notice form's destination rule is the contracts' own (the body schema refines with it): a
// notice to some customers without any is refused under Destination with the message the server
// answers, one to all is not, and nothing is sent while it is refused.
import {
  noticeExpiresAfterPublish,
  noticeReachesSomeone,
  notificationBodySchema,
} from '@fleetlens/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n';
import { withMockedCalls } from '../../test/mocks';
import { renderInShell } from '../../test/render';
import { createNotice } from './api';
import { NoticeFormPage } from './NoticeFormPage';

vi.mock('./api', (original) => withMockedCalls(original, ['createNotice']));
vi.mock('../customers/api', () => ({ useCompanies: () => ({ list: [], options: [] }) }));

/** The body schema's refusal on `field` of a notice with these values. */
const issueOf = (field: string, values: object) =>
  notificationBodySchema
    .safeParse({ title: 'Yard closed', description: 'Snow', type: 'other', ...values })
    .error?.issues.find((i) => i.path[0] === field);

describe('the notice form', () => {
  const refused = () => i18n.t(`validation:${noticeReachesSomeone.message.key}`);

  it('answers an empty destination with the body schema’s own refusal', async () => {
    const issue = issueOf(noticeReachesSomeone.field, {
      is_publish_to_all: false,
      destinations: [],
      publish_date: '2026-12-07 00:00:00',
      expire_date: '2026-12-08 00:00:00',
    });
    expect(issue?.message).toBe(`validation.${noticeReachesSomeone.message.key}`);

    await renderInShell(<NoticeFormPage />, { route: '/notifications/new', path: '/notifications/new' });
    const marked = () => screen.getByText('Destination').closest('label')?.className ?? '';
    await waitFor(() => expect(marked()).toContain('ant-form-item-required'));
    fireEvent.click(await screen.findByRole('button', { name: /Save/ }));
    expect(await screen.findByText(refused())).toBeTruthy();
    expect(createNotice).not.toHaveBeenCalled();
  });

  it('asks for no destination when the notice goes to all', async () => {
    await renderInShell(<NoticeFormPage />, { route: '/notifications/new', path: '/notifications/new' });
    fireEvent.click(await screen.findByRole('switch'));
    await waitFor(() =>
      expect(screen.getByText('Destination').closest('label')?.className).not.toContain(
        'ant-form-item-required',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText(i18n.t('validation:titleRequired'))).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(refused())).toBeNull());
  });

  it('refuses an expiry before the publication with the body schema’s own rule', async () => {
    const issue = issueOf(noticeExpiresAfterPublish.field, {
      is_publish_to_all: true,
      publish_date: '2026-12-08 00:00:00',
      expire_date: '2026-12-07 00:00:00',
    });
    expect(issue?.message).toBe(`validation.${noticeExpiresAfterPublish.message.key}`);

    await renderInShell(<NoticeFormPage />, { route: '/notifications/new', path: '/notifications/new' });
    const [publish, expire] = await screen.findAllByPlaceholderText(/select/i);
    for (const [input, value] of [
      [publish, '2026-12-08 10:00'],
      [expire, '2026-12-07 10:00'],
    ] as const) {
      fireEvent.mouseDown(input as HTMLElement);
      fireEvent.change(input as HTMLElement, { target: { value } });
      fireEvent.blur(input as HTMLElement);
    }
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(
      await screen.findByText(i18n.t(`validation:${noticeExpiresAfterPublish.message.key}`)),
    ).toBeTruthy();
  });
});
