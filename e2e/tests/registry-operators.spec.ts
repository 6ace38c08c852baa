// A support engineer keeps a customer's operators in Burmese or Chinese (English: operators.spec.ts):
// an operator group, an operator in it and an RFID card are each created, found with the list's
// search box, edited and deleted. The rules come back in the chosen language beside their fields
// (a group name, an operator ID or an RFID in use) or as the error of a refused delete (a group
// that has operators); the last story reads each rule in all four languages.

import { OPERATOR_FIELDS } from '../pages/ConsoleApi.ts';
import { languageOf, RegistryScreens, type SaidIn } from '../pages/RegistryScreens.ts';
import { expect, test } from '../pages/test.ts';
import { uniqueId } from '../pages/unique.ts';

RegistryScreens.supportStories();

const rules: SaidIn<'groupName' | 'operatorId' | 'rfid' | 'groupHasUsers'> = {
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
const operatorFields = OPERATOR_FIELDS;

// Each story in one language: the screens' texts are the same catalogues whatever the story.
{
  const language = languageOf('my');
  // Names of this run's own: the language and a worker's unique id.
  const tag = uniqueId(language.code).toUpperCase();

  test(`${language.label}: an operator group and an operator in it are created, found, edited and deleted`, async ({
    page,
  }) => {
    const screens = await RegistryScreens.open(page, language, 'operators', '/operator-groups');
    const rule = rules[language.code];
    // A group and an operator, whose name and ID the story tries again.
    await screens.namesTaken(HARBOR, [
      ['/operator-groups', { name: `Shift ${tag}-0` }],
      ['/operators', { ...operatorFields, operator_code: `OP-${tag}-0`, last_name: `${tag}-0` }],
    ]);

    // An operator group, in the group screen's dialog.
    const shift = `Shift ${tag}`;
    await screens.groupInDialog('groups.new', HARBOR, shift, rule.groupName, 'Night, quay cranes');

    // An operator of that group: an operator ID in use is refused beside the field.
    await screens.memberOnPage(
      '/drivers/new',
      HARBOR,
      `Shift ${tag}-1`,
      { ...operatorFields, operator_code: `OP-${tag}-0`, last_name: `${tag}-1` },
      { field: 'operator_code', refusal: rule.operatorId, fresh: { operator_code: `OP-${tag}-1` } },
    );
    await screens.findAlone(`op-${tag}-1`);
    await screens.editRow(`OP-${tag}-1`, { phone: '+95 9 555 0199' });
    await screens.expectAt(/#\/drivers$/);
    await expect(screens.row(`OP-${tag}-1`)).toContainText('+95 9 555 0199');

    // The group keeps its operator: the refusal is in the chosen language.
    await screens.deleteRow('/operator-groups', `Shift ${tag}-1`, rule.groupHasUsers);

    // Deleted: the operator, then its group.
    await screens.deleteRow('/drivers', `OP-${tag}-1`);
    await screens.deleteRow('/operator-groups', `Shift ${tag}-1`);
  });
}

{
  const language = languageOf('zh');
  const tag = uniqueId(language.code).toUpperCase();

  test(`${language.label}: an RFID card is created, found, edited and deleted`, async ({ page }) => {
    const screens = await RegistryScreens.open(page, language, 'rfids', '/rfids');
    const rule = rules[language.code];
    // Setup through the API: the cards' group and a card whose RFID the story tries again.
    const customer_id = await screens.companyId(HARBOR);
    const group = await screens.create('/operator-groups', { customer_id, name: `Cards ${tag}` });
    await screens.create('/rfids', { customer_id, rfid: `RF-${tag}-0`, owner: 'Desk', group_id: group.id });

    // An RFID in use is refused beside the field.
    await screens.openForm(screens.say('actions.new'), /#\/rfid\/new$/);
    await screens.pick('customer_id', HARBOR);
    await screens.fill({ rfid: `RF-${tag}-0`, owner: 'Night desk' });
    await screens.pickByName('group_id', `Cards ${tag}`);
    await screens.refusedThenSaved('rfid', rule.rfid, { rfid: `RF-${tag}-1` });
    await screens.expectAt(/#\/rfids$/);
    await screens.findAlone(`rf-${tag}-1`);
    await screens.editRow(`RF-${tag}-1`, { owner: 'Gate desk' });
    await expect(screens.row(`RF-${tag}-1`)).toContainText('Gate desk');
    await screens.deleteRow('/rfids', `RF-${tag}-1`);
  });
}

test('the operator registry says each rule in all four languages', async ({ page }) => {
  await RegistryScreens.rulesSaid(page, rules, async (api, language) => {
    const tag = uniqueId(`rules-${language}`).toUpperCase();
    const customer_id = await api.companyId(HARBOR);
    const group = await api.create('/operator-groups', { customer_id, name: `Shift ${tag}` });
    const operator = { ...operatorFields, customer_id, operator_code: `OP-${tag}`, last_name: tag };
    await api.create('/operators', { ...operator, group_id: group.id });
    await api.create('/rfids', { customer_id, rfid: `RF-${tag}`, owner: 'Desk', group_id: group.id });
    const field = async (path: string, name: string, data: object) =>
      (await api.refusal('POST', path, language, data)).fields[name] ?? '';
    return {
      groupName: await field('/operator-groups', 'name', { customer_id, name: `Shift ${tag}` }),
      operatorId: await field('/operators', 'operator_code', operator),
      rfid: await field('/rfids', 'rfid', {
        customer_id,
        rfid: `RF-${tag}`,
        owner: 'Desk',
        group_id: group.id,
      }),
      groupHasUsers: (await api.refusal('DELETE', `/operator-groups/${group.id}`, language)).message,
    };
  });
});
