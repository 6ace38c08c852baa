// A support engineer keeps a customer's operators in English, Japanese, Chinese or Burmese: an
// operator group, an operator in it and an RFID card are each created, found with the list's
// search box, edited and deleted. The rules come back in the chosen language beside
// their fields (a group name, an operator ID or an RFID in use) or as the error of a refused
// delete (a group that has operators).

import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { LANGUAGES, type LanguageCode, RegistryScreens } from '../pages/RegistryScreens.ts';
import { expect, test } from '../pages/test.ts';

const rules: Record<
  LanguageCode,
  { groupName: string; operatorId: string; rfid: string; groupHasUsers: string }
> = {
  en: {
    groupName: 'This company already has an operator group with this name.',
    operatorId: 'The ID has already been registered.',
    rfid: 'RFID exists.',
    groupHasUsers: 'The group has users.',
  },
  ja: {
    groupName: 'この会社には同じ名前のオペレーターグループがすでにあります。',
    operatorId: 'このIDはすでに登録されています。',
    rfid: 'RFIDはすでに存在します。',
    groupHasUsers: 'グループにユーザーが所属しています。',
  },
  zh: {
    groupName: '该公司已有同名的操作员组。',
    operatorId: '该 ID 已被注册。',
    rfid: 'RFID 已存在。',
    groupHasUsers: '该组中有用户。',
  },
  my: {
    groupName: 'ဤကုမ္ပဏီတွင် ဤအမည်ဖြင့် အော်ပရေတာအဖွဲ့ ရှိပြီးဖြစ်သည်။',
    operatorId: 'ဤ ID ကို မှတ်ပုံတင်ပြီးဖြစ်သည်။',
    rfid: 'RFID ရှိပြီးဖြစ်သည်။',
    groupHasUsers: 'အဖွဲ့တွင် အသုံးပြုသူများ ရှိနေသည်။',
  },
};

const HARBOR = 'Harbor Logistics';
const operatorFields = {
  first_name: 'Aung',
  birth_date: '1988-06-02',
  phone: '+95 9 555 0107',
  address: '12 Strand Road, Yangon',
  license_number: 'FL-7781',
  license_location: 'Yangon',
  license_received_on: '2010-01-15',
  license_valid_till: '2030-01-14',
};

for (const language of LANGUAGES) {
  const tag = language.code.toUpperCase();

  test(`${language.label}: an operator group and an operator in it are created, found, edited and deleted`, async ({
    page,
  }) => {
    // Several screens and saves, on a machine that may be busy.
    test.setTimeout(300_000);
    const shell = new ConsoleShell(page);
    const screens = new RegistryScreens(page, language.code);
    const say = (key: string) => screens.text('operators', key);
    const rule = rules[language.code];
    await shell.openAndSignIn('/operator-groups', 'support');
    await shell.switchLanguage(language.label);

    // Setup through the API: a group and an operator, whose name and ID the story tries again.
    const customer_id = await screens.companyId(HARBOR);
    await screens.create('/operator-groups', { customer_id, name: `Shift ${tag}-0` });
    await screens.create('/operators', {
      ...operatorFields,
      customer_id,
      operator_code: `OP-${tag}-0`,
      last_name: `${tag}-0`,
    });

    // An operator group, in the group screen's dialog.
    await screens.click(say('groups.new'));
    await screens.pick('customer_id', HARBOR);
    await screens.fill({ name: `Shift ${tag}-0` });
    await screens.clickInDialog(say('actions.save'));
    await expect(screens.fieldError('name')).toHaveText(rule.groupName);
    await screens.fill({ name: `Shift ${tag}-1` });
    await screens.clickInDialog(say('actions.save'));
    await expect(screens.dialog()).toHaveCount(0);
    await screens.search(`shift ${tag}-1`);
    await expect(screens.rows()).toHaveCount(1);
    await screens.rowAction(`Shift ${tag}-1`, say('actions.edit'));
    await screens.fill({ description: 'Night, quay cranes' });
    await screens.clickInDialog(say('actions.save'));
    await expect(screens.row(`Shift ${tag}-1`)).toContainText('Night, quay cranes');

    // An operator of that group: an operator ID in use is refused beside the field.
    await screens.go('/drivers/new');
    await screens.pick('customer_id', HARBOR);
    await screens.fill({ ...operatorFields, operator_code: `OP-${tag}-0`, last_name: `${tag}-1` });
    await screens.pick('group_id', `Shift ${tag}-1`);
    await screens.click(say('actions.save'));
    await expect(screens.fieldError('operator_code')).toHaveText(rule.operatorId);
    await screens.fill({ operator_code: `OP-${tag}-1` });
    await screens.click(say('actions.save'));
    await expect(page).toHaveURL(/#\/drivers$/);
    await screens.search(`op-${tag}-1`);
    await expect(screens.rows()).toHaveCount(1);
    await screens.rowAction(`OP-${tag}-1`, say('actions.edit'));
    await screens.fill({ phone: '+95 9 555 0199' });
    await screens.click(say('actions.save'));
    await expect(page).toHaveURL(/#\/drivers$/);
    await expect(screens.row(`OP-${tag}-1`)).toContainText('+95 9 555 0199');

    // The group keeps its operator: the refusal is in the chosen language.
    await screens.go('/operator-groups');
    await screens.rowAction(`Shift ${tag}-1`, say('actions.delete'));
    await screens.confirm();
    await expect(screens.toast(rule.groupHasUsers)).toBeVisible();

    // Deleted: the operator, then its group.
    await screens.go('/drivers');
    await screens.rowAction(`OP-${tag}-1`, say('actions.delete'));
    await screens.confirm();
    await expect(screens.row(`OP-${tag}-1`)).toHaveCount(0);
    await screens.go('/operator-groups');
    await screens.rowAction(`Shift ${tag}-1`, say('actions.delete'));
    await screens.confirm();
    await expect(screens.row(`Shift ${tag}-1`)).toHaveCount(0);
  });

  test(`${language.label}: an RFID card is created, found, edited and deleted`, async ({ page }) => {
    // Several screens and saves, on a machine that may be busy.
    test.setTimeout(300_000);
    const shell = new ConsoleShell(page);
    const screens = new RegistryScreens(page, language.code);
    const card = (key: string) => screens.text('rfids', key);
    const rule = rules[language.code];
    await shell.openAndSignIn('/rfids', 'support');
    await shell.switchLanguage(language.label);

    // Setup through the API: the cards' group and a card whose RFID the story tries again.
    const customer_id = await screens.companyId(HARBOR);
    const group = await screens.create('/operator-groups', { customer_id, name: `Cards ${tag}` });
    await screens.create('/rfids', { customer_id, rfid: `RF-${tag}-0`, owner: 'Desk', group_id: group.id });

    // An RFID in use is refused beside the field.
    await screens.click(card('actions.new'));
    await expect(page).toHaveURL(/#\/rfid\/new$/);
    await screens.pick('customer_id', HARBOR);
    await screens.fill({ rfid: `RF-${tag}-0`, owner: 'Night desk' });
    await screens.pick('group_id', `Cards ${tag}`);
    await screens.click(card('actions.save'));
    await expect(screens.fieldError('rfid')).toHaveText(rule.rfid);
    await screens.fill({ rfid: `RF-${tag}-1` });
    await screens.click(card('actions.save'));
    await expect(page).toHaveURL(/#\/rfids$/);
    await screens.search(`rf-${tag}-1`);
    await expect(screens.rows()).toHaveCount(1);
    await screens.rowAction(`RF-${tag}-1`, card('actions.edit'));
    await screens.fill({ owner: 'Gate desk' });
    await screens.click(card('actions.save'));
    await expect(screens.row(`RF-${tag}-1`)).toContainText('Gate desk');
    await screens.rowAction(`RF-${tag}-1`, card('actions.delete'));
    await screens.confirm();
    await expect(screens.row(`RF-${tag}-1`)).toHaveCount(0);
  });
}
