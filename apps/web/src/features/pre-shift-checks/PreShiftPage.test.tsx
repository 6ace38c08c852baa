// The phone page: the vehicle, who is signed on and the items; every item answered before it is
// sent; a note asked where not OK; the answers sent in the checklist's order with the operator ID;
// the result said (locked after a critical failure); a refusal said on the page; no sign-in.
import type { CheckForm } from '@fleetlens/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { withMockedCalls } from '../../test/mocks';
import { renderInShell } from '../../test/render';
import { fetchCheckForm, submitCheck, submitCheckPhoto } from './api';
import { PreShiftPage } from './PreShiftPage';

vi.mock('./api', (original) =>
  withMockedCalls(original, ['fetchCheckForm', 'submitCheck', 'submitCheckPhoto']),
);

const FORM: CheckForm = {
  vehicle: { name: 'Reach truck 7', vehicle_type: 'reach' },
  operator: { name: 'Aiko Tanaka' },
  items: [
    { text: 'Brakes hold on the ramp', critical: true },
    { text: 'Horn sounds', critical: false },
  ],
  locked: false,
};

const open = (language?: 'en' | 'ja') =>
  renderInShell(<PreShiftPage />, {
    profile: null,
    path: '/pre-shift/v-1.sig',
    route: '/pre-shift/:token',
    ...(language ? { language } : {}),
  });

const items = () => screen.getAllByTestId('check-item');
const answer = (index: number, label: 'OK' | 'Not OK') =>
  fireEvent.click(within(items()[index] as HTMLElement).getByRole('radio', { name: label }));

describe('the pre-shift check on a phone', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    vi.mocked(fetchCheckForm).mockResolvedValue(FORM);
  });

  it('shows the vehicle, who is signed on and the items, without a console sign-in', async () => {
    await open();
    expect((await screen.findByTestId('check-vehicle')).textContent).toBe('Reach truck 7 · Reach truck');
    expect(screen.getByTestId('signed-on').textContent).toBe('Signed on: Aiko Tanaka');
    expect(items().map((i) => i.textContent)).toEqual([
      expect.stringContaining('1. Brakes hold on the ramp'),
      expect.stringContaining('2. Horn sounds'),
    ]);
    expect(within(items()[0] as HTMLElement).getByText('Critical')).toBeTruthy();
    expect(within(items()[1] as HTMLElement).queryByText('Critical')).toBeNull();
    expect(fetchCheckForm).toHaveBeenCalledWith('v-1.sig');
  });

  it('asks every item and the operator ID before sending, then sends the answers in order and says the vehicle is locked', async () => {
    await open();
    await screen.findAllByTestId('check-item');
    fireEvent.click(screen.getByRole('button', { name: 'Send the check' }));
    expect(await screen.findAllByText('Answer every item: OK or not OK.')).toHaveLength(2);
    expect(screen.getByText('Enter your operator ID.')).toBeTruthy();
    expect(submitCheck).not.toHaveBeenCalled();

    answer(0, 'Not OK');
    fireEvent.change(await screen.findByLabelText('What is wrong?'), { target: { value: 'Pedal sinks' } });
    answer(1, 'OK');
    fireEvent.change(screen.getByLabelText('Your operator ID'), { target: { value: 'OP-5' } });
    vi.mocked(submitCheck).mockResolvedValue({ id: 'k-1', passed: false, locked: true });
    fireEvent.click(screen.getByRole('button', { name: 'Send the check' }));
    await vi.waitFor(() =>
      expect(submitCheck).toHaveBeenCalledWith('v-1.sig', {
        operator_code: 'OP-5',
        answers: [
          { passed: false, note: 'Pedal sinks' },
          { passed: true, note: '' },
        ],
      }),
    );
    const result = await screen.findByTestId('check-result');
    expect(result.textContent).toContain('The vehicle is locked');
    expect(result.textContent).toContain('Tell your supervisor now.');

    // A photo of what was found, added to the check just sent; a refused one says why.
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'brakes.jpg', { type: 'image/jpeg' });
    vi.mocked(submitCheckPhoto).mockRejectedValueOnce(
      new ApiError('Some fields are not valid.', 400, 40000, {
        fields: [{ field: 'file', message: 'The photo must be a JPEG, PNG or WebP picture.' }],
      }),
    );
    fireEvent.change(screen.getByLabelText('Add a photo'), { target: { files: [photo] } });
    expect((await screen.findByTestId('photo-refusal')).textContent).toBe(
      'The photo must be a JPEG, PNG or WebP picture.',
    );
    vi.mocked(submitCheckPhoto).mockResolvedValueOnce({ id: 'k-1', has_photo: true });
    fireEvent.change(screen.getByLabelText('Add a photo'), { target: { files: [photo] } });
    expect(await screen.findByTestId('photo-added')).toBeTruthy();
    expect(submitCheckPhoto).toHaveBeenLastCalledWith('v-1.sig', 'k-1', photo);
  });

  it('says a passed check, and a refusal of the operator on the page in its language', async () => {
    vi.mocked(submitCheck).mockRejectedValueOnce(
      new ApiError(
        'このオペレーターIDは車両にサインオンしているオペレーターのものではありません。',
        403,
        40300,
        null,
      ),
    );
    await open('ja');
    await screen.findAllByTestId('check-item');
    answer(0, '良' as 'OK');
    answer(1, '良' as 'OK');
    fireEvent.change(screen.getByLabelText('あなたのオペレーターID'), { target: { value: 'OP-9' } });
    fireEvent.click(screen.getByRole('button', { name: '点検を送信' }));
    expect((await screen.findByTestId('check-refusal')).textContent).toBe(
      'このオペレーターIDは車両にサインオンしているオペレーターのものではありません。',
    );
    vi.mocked(submitCheck).mockResolvedValueOnce({ id: 'k-2', passed: true, locked: false });
    fireEvent.change(screen.getByLabelText('あなたのオペレーターID'), { target: { value: 'OP-5' } });
    fireEvent.click(screen.getByRole('button', { name: '点検を送信' }));
    expect((await screen.findByTestId('check-result')).textContent).toContain('点検合格');
  });

  it('says when nobody is signed on, the vehicle is locked, or the link is not valid', async () => {
    vi.mocked(fetchCheckForm).mockResolvedValue({ ...FORM, operator: null, locked: true });
    const { unmount } = await open();
    expect(
      await screen.findByText('Nobody is signed on to this vehicle. Sign on with your RFID card first.'),
    ).toBeTruthy();
    expect(screen.getByText('This vehicle is locked. Ask your supervisor before you drive it.')).toBeTruthy();
    unmount();
    vi.mocked(fetchCheckForm).mockRejectedValue(
      new ApiError('This check link is not valid. Scan the code on the vehicle again.', 404, 40400, null),
    );
    await open();
    expect(
      await screen.findByText('This check link is not valid. Scan the code on the vehicle again.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send the check' })).toBeNull();
  });
});
