// A support engineer keeps a customer's vehicle registry in Japanese or Burmese (English:
// vehicles.spec.ts): a vehicle vendor, a model, a group and a vehicle are each created, found with
// the list's search box, edited and deleted. The server's rules come back in the chosen language
// beside their fields (a name in use), or as the error of a refused delete (a group that has
// vehicles); the last story reads each rule in all four languages.

import { languageOf, RegistryScreens, type SaidIn } from '../pages/RegistryScreens.ts';
import { expect, test } from '../pages/test.ts';
import { uniqueId } from '../pages/unique.ts';

RegistryScreens.supportStories();

const rules: SaidIn<'vendorName' | 'modelName' | 'groupName' | 'vehicleName' | 'groupHasVehicles'> = {
  en: {
    vendorName: 'This customer already has a vehicle vendor with this name.',
    modelName: 'This vendor already has a vehicle model with this name.',
    groupName: 'This customer already has a vehicle group with this name.',
    vehicleName: 'This customer already has a vehicle with this name.',
    groupHasVehicles: 'Cannot delete a group that has vehicles.',
  },
  ja: {
    vendorName: 'この顧客には同じ名前の車両メーカーが既に登録されています。',
    modelName: 'この車両メーカーには同じ名前の車両マスタが既に登録されています。',
    groupName: 'この顧客には同じ名前の車両グループが既に登録されています。',
    vehicleName: 'この顧客には同じ名前の車両が既に登録されています。',
    groupHasVehicles: '車両が所属しているグループは削除できません。',
  },
  zh: {
    vendorName: '该客户已有同名的车辆厂商。',
    modelName: '该厂商已有同名的车型。',
    groupName: '该客户已有同名的车辆分组。',
    vehicleName: '该客户已有同名的车辆。',
    groupHasVehicles: '无法删除包含车辆的分组。',
  },
  my: {
    vendorName: 'ဤဖောက်သည်တွင် ဤအမည်ဖြင့် ယာဉ်ထုတ်လုပ်သူ ရှိပြီးဖြစ်သည်။',
    modelName: 'ဤထုတ်လုပ်သူတွင် ဤအမည်ဖြင့် ယာဉ်မော်ဒယ် ရှိပြီးဖြစ်သည်။',
    groupName: 'ဤဖောက်သည်တွင် ဤအမည်ဖြင့် ယာဉ်အုပ်စု ရှိပြီးဖြစ်သည်။',
    vehicleName: 'ဤဖောက်သည်တွင် ဤအမည်ဖြင့် ယာဉ် ရှိပြီးဖြစ်သည်။',
    groupHasVehicles: 'ယာဉ်များပါဝင်သော အုပ်စုကို ဖျက်၍မရပါ။',
  },
};

const HARBOR = 'Harbor Logistics';

// Each story in one language: the screens' texts are the same catalogues whatever the story.
{
  const language = languageOf('ja');
  // Names of this run's own: the language and a worker's unique id.
  const tag = uniqueId(language.code).toUpperCase();

  test(`${language.label}: a vehicle vendor and a model are created, found, edited and deleted`, async ({
    page,
  }) => {
    const screens = await RegistryScreens.open(page, language, 'vehicles', '/manufacturers');
    const rule = rules[language.code];
    // Setup through the API: a vendor and its model, whose names the story tries again.
    const customer_id = await screens.companyId(HARBOR);
    const vendor0 = await screens.create('/manufacturers', { customer_id, name: `Vendor ${tag}-0` });
    await screens.create('/vehicle-models', {
      manufacturer_id: vendor0.id,
      name: `Model ${tag}-0`,
      series_name: 'S',
      model_name: 'M',
    });

    // A vehicle vendor: the name in use is refused beside the field, then a new one is saved.
    await screens.openForm(screens.say('actions.new'), /#\/manufacturers\/new$/);
    await screens.pick('customer_id', HARBOR);
    await screens.fill({ name: `Vendor ${tag}-0` });
    await screens.refusedThenSaved('name', rule.vendorName, {
      name: `Vendor ${tag}-1`,
      description: 'Counterbalance trucks',
    });
    await screens.expectAt(/#\/manufacturers$/);
    await screens.findAlone(`vendor ${tag}-1`);
    // The list's tools: a column hidden, and what the search shows exported without it.
    await screens.toggleColumn(screens.say('fields.description'));
    await expect(screens.headers().filter({ hasText: screens.say('fields.description') })).toHaveCount(0);
    const csv = await screens.exportCsv();
    expect(csv).toContain(`Vendor ${tag}-1`);
    expect(csv).not.toContain(`Vendor ${tag}-0`);
    expect(csv).not.toContain('Counterbalance trucks');
    await screens.toggleColumn(screens.say('fields.description'));
    await screens.editRow(`Vendor ${tag}-1`, { description: 'Reach trucks' });
    await expect(screens.row(`Vendor ${tag}-1`)).toContainText('Reach trucks');

    // A vehicle model of the set-up vendor: the name that vendor already has is refused.
    await screens.go('/vehicle-models/new');
    await screens.pick('manufacturer_id', `Vendor ${tag}-0 (${HARBOR})`);
    await screens.fill({ name: `Model ${tag}-0`, series_name: 'R-series', model_name: '1120' });
    await screens.refusedThenSaved('name', rule.modelName, { name: `Model ${tag}-1` });
    await screens.expectAt(/#\/vehicle-models$/);
    await screens.findAlone(`model ${tag}-1`);
    expect(await screens.exportCsv()).toContain(`Model ${tag}-1`);
    await screens.editRow(`Model ${tag}-1`, { series_name: 'X-series' });
    await expect(screens.row(`Model ${tag}-1`)).toContainText('X-series');

    // Deleted: the model, then its vendor.
    await screens.deleteRow('/vehicle-models', `Model ${tag}-1`);
    await screens.deleteRow('/manufacturers', `Vendor ${tag}-1`);
  });
}

{
  const language = languageOf('my');
  const tag = uniqueId(language.code).toUpperCase();

  test(`${language.label}: a vehicle group and a vehicle in it are created, found, edited and deleted`, async ({
    page,
  }) => {
    const screens = await RegistryScreens.open(page, language, 'vehicles', '/vehicle-groups');
    const rule = rules[language.code];
    // A group and a vehicle, whose names the story tries again.
    await screens.namesTaken(HARBOR, [
      ['/vehicle-groups', { name: `Group ${tag}-0` }],
      ['/vehicles', { name: `Vehicle ${tag}-0`, introduce_date: '2025-01-10' }],
    ]);

    // A vehicle group, in the group screen's dialog.
    const group = `Group ${tag}`;
    await screens.groupInDialog('actions.new', HARBOR, group, rule.groupName, 'Cold store');

    // A vehicle in that group.
    await screens.memberOnPage(
      '/vehicles/new',
      HARBOR,
      `Group ${tag}-1`,
      { name: `Vehicle ${tag}-0`, introduce_date: '2025-04-01' },
      { field: 'name', refusal: rule.vehicleName, fresh: { name: `Vehicle ${tag}-1` } },
    );
    await screens.findAlone(`vehicle ${tag}-1`);
    await expect(screens.row(`Vehicle ${tag}-1`)).toContainText(`Group ${tag}-1`);
    await screens.editRow(`Vehicle ${tag}-1`, { key_number: `K-${tag}` });
    await screens.expectAt(/#\/vehicles\/[^/]+\/details$/);
    await expect(page.getByRole('cell', { name: `K-${tag}` }).filter({ visible: true })).toBeVisible();

    // The group keeps its vehicle: the refusal is in the chosen language.
    await screens.deleteRow('/vehicle-groups', `Group ${tag}-1`, rule.groupHasVehicles);

    // Deleted: the vehicle, then its group.
    await screens.deleteRow('/vehicles', `Vehicle ${tag}-1`);
    await screens.deleteRow('/vehicle-groups', `Group ${tag}-1`);
  });
}

test('the vehicle registry says each rule in all four languages', async ({ page }) => {
  const tag = uniqueId('rules').toUpperCase();
  await RegistryScreens.rulesSaid(page, rules, async (api, language) => {
    const customer_id = await api.companyId(HARBOR);
    const vendor = await api.create('/manufacturers', { customer_id, name: `Vendor ${tag}-${language}` });
    const model = { manufacturer_id: vendor.id, series_name: 'S', model_name: 'M' };
    await api.create('/vehicle-models', { ...model, name: `Model ${tag}` });
    const group = await api.create('/vehicle-groups', { customer_id, name: `Group ${tag}-${language}` });
    const vehicle = { customer_id, introduce_date: '2025-01-10', group_id: group.id };
    await api.create('/vehicles', { ...vehicle, name: `Vehicle ${tag}-${language}` });
    const named = async (path: string, data: object) =>
      (await api.refusal('POST', path, language, data)).fields.name ?? '';
    return {
      vendorName: await named('/manufacturers', { customer_id, name: `Vendor ${tag}-${language}` }),
      modelName: await named('/vehicle-models', { ...model, name: `Model ${tag}` }),
      groupName: await named('/vehicle-groups', { customer_id, name: `Group ${tag}-${language}` }),
      vehicleName: await named('/vehicles', { ...vehicle, name: `Vehicle ${tag}-${language}` }),
      groupHasVehicles: (await api.refusal('DELETE', `/vehicle-groups/${group.id}`, language)).message,
    };
  });
});
