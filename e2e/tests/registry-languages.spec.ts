// A support engineer who works in Japanese, Chinese or Burmese gets every registry form in that
// language: saving an empty vehicle, device, operator, RFID card or case names the missing field
// in the chosen language, beside the field, and nothing is created.

import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { expect, test } from '../pages/test.ts';

test.use({ signedInAs: 'support' });

const forms = [
  { path: '/vehicles/new', title: 'vehicle' },
  { path: '/devices/new', title: 'device' },
  { path: '/drivers/new', title: 'operator' },
  { path: '/rfid/new', title: 'rfid' },
  { path: '/cases/new', title: 'case' },
] as const;

type Messages = Record<(typeof forms)[number]['title'], string>;

const languages: { label: string; messages: Messages }[] = [
  {
    label: 'English',
    messages: {
      vehicle: 'Enter the vehicle name.',
      device: 'Enter the device ID.',
      operator: 'Enter the operator ID.',
      rfid: 'Enter the RFID.',
      case: 'Enter the case number.',
    },
  },
  {
    label: '日本語',
    messages: {
      vehicle: '車両名を入力してください。',
      device: 'デバイスIDを入力してください。',
      operator: 'オペレーターIDを入力してください。',
      rfid: 'RFIDを入力してください。',
      case: '案件番号を入力してください。',
    },
  },
  {
    label: '简体中文',
    messages: {
      vehicle: '请输入车辆名称。',
      device: '请输入设备ID。',
      operator: '请输入操作员 ID。',
      rfid: '请输入 RFID。',
      case: '请输入案件编号。',
    },
  },
  {
    label: 'မြန်မာ',
    messages: {
      vehicle: 'ယာဉ်အမည်ကို ထည့်ပါ။',
      device: 'စက် ID ကို ထည့်ပါ။',
      operator: 'အော်ပရေတာ ID ကို ထည့်ပါ။',
      rfid: 'RFID ကို ထည့်ပါ။',
      case: 'ကိစ္စနံပါတ်ကို ထည့်ပါ။',
    },
  },
];

test('the registry forms name each missing field in all four languages', async ({ page }) => {
  test.setTimeout(180_000);
  const shell = new ConsoleShell(page);
  await shell.open('/vehicles');

  for (const language of languages) {
    await shell.switchLanguage(language.label);
    for (const form of forms) {
      await shell.go(form.path);
      await shell.submit();
      await expect(
        page
          .locator('.ant-form-item-explain-error')
          .getByText(language.messages[form.title], { exact: true }),
        `${language.label} ${form.path}`,
      ).toBeVisible();
      // Still on the form: nothing was saved.
      await shell.expectAt(new RegExp(`#${form.path}$`));
    }
  }
});
