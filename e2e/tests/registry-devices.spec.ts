// A support engineer keeps a customer's devices and cases in Chinese or Japanese (English:
// devices.spec.ts and cases.spec.ts): a device is created (its vehicle found by typing part of its
// name), found, edited and deleted; a case is created with a SIM, found, edited and deleted. The
// rules come back in the chosen language beside their fields (digits only, a device id, case
// number or SIM phone in use) or as the error of a refused delete (a device that has a vehicle);
// the last story reads each rule in all four languages.

import { languageOf, RegistryScreens, type SaidIn } from '../pages/RegistryScreens.ts';
import { expect, test } from '../pages/test.ts';
import { uniqueDigits, uniqueId } from '../pages/unique.ts';

RegistryScreens.supportStories();

const rules: SaidIn<'digitsOnly' | 'deviceId' | 'deviceHasVehicle' | 'caseNumber' | 'simExists'> = {
  en: {
    digitsOnly: 'Enter digits only.',
    deviceId: 'Device ID already registered.',
    deviceHasVehicle: 'A device with a registered vehicle cannot be deleted.',
    caseNumber: 'Case number already used.',
    simExists: 'SIM exists: this phone number is already registered.',
  },
  ja: {
    digitsOnly: '数字のみを入力してください。',
    deviceId: 'デバイスIDは既に登録されています。',
    deviceHasVehicle: '車両が登録されているデバイスは削除できません。',
    caseNumber: '案件番号は既に使用されています。',
    simExists: 'SIMは既に存在します: この電話番号は登録済みです。',
  },
  zh: {
    digitsOnly: '请只输入数字。',
    deviceId: '设备ID已注册。',
    deviceHasVehicle: '已登记车辆的设备不能删除。',
    caseNumber: '案件编号已被使用。',
    simExists: 'SIM已存在：该电话号码已注册。',
  },
  my: {
    digitsOnly: 'ဂဏန်းများသာ ထည့်ပါ။',
    deviceId: 'စက် ID ကို မှတ်ပုံတင်ပြီးဖြစ်သည်။',
    deviceHasVehicle: 'မှတ်ပုံတင်ထားသော ယာဉ်ရှိသည့် စက်ကို ဖျက်၍မရပါ။',
    caseNumber: 'ကိစ္စနံပါတ်ကို အသုံးပြုပြီးဖြစ်သည်။',
    simExists: 'SIM ရှိပြီးသားဖြစ်သည်- ဤဖုန်းနံပါတ်ကို မှတ်ပုံတင်ပြီးဖြစ်သည်။',
  },
};

const HARBOR = 'Harbor Logistics';

/** A story's own names: tagged with its language and a worker's unique id; device ids and phones are digits. */
function namesOf(code: string) {
  const digits = uniqueDigits('95', 9);
  return {
    tag: uniqueId(code).toUpperCase(),
    deviceId: (k: number) => `${digits}${k}`,
    phone: (k: number) => `+81${digits}${k}`,
  };
}

// Each story in one language: the screens' texts are the same catalogues whatever the story.
{
  const language = languageOf('zh');
  const { tag, deviceId } = namesOf(language.code);

  test(`${language.label}: a device is created with a vehicle found on the server, found, edited and deleted`, async ({
    page,
  }) => {
    const screens = await RegistryScreens.open(page, language, 'devices', '/devices');
    const rule = rules[language.code];
    // Setup through the API: the vehicle to fit, and a device whose id the story tries again.
    const customer_id = await screens.companyId(HARBOR);
    await screens.create('/vehicles', { customer_id, name: `Crane ${tag}-7`, introduce_date: '2025-02-01' });
    await screens.create('/devices', {
      customer_id,
      device_id: deviceId(0),
      device_type: 'dv426',
      channel_number: 1,
      cameras: [{ camera_id: `CAM-${tag}-0`, rotation: 'normal' }],
    });

    await screens.openForm(screens.say('actions.new'), /#\/devices\/new$/);
    await screens.pick('customer_id', HARBOR);
    await screens.fill({ device_id: '95A', channel_number: '2', cameras_0_camera_id: `CAM-${tag}-1` });
    await screens.pick('device_type', 'DV426');
    await screens.refusedThenSaved('device_id', rule.digitsOnly, { device_id: deviceId(0) });
    await expect(screens.fieldError('device_id')).toHaveText(rule.deviceId);
    await screens.fill({ device_id: deviceId(1) });
    await screens.saveForm();
    await screens.expectAt(/#\/devices\/[0-9a-f-]+\/details$/);

    // Found with the search box; edited: the vehicle is found by typing part of its name.
    await screens.go('/devices');
    await screens.findAlone(deviceId(1));
    await screens
      .rows()
      .getByRole('link', { name: deviceId(1), exact: true })
      .click();
    await screens.click(screens.say('actions.edit'));
    await screens.expectAt(/#\/devices\/[0-9a-f-]+\/edit$/);
    await screens.searchAndPick('vehicle_id', `crane ${tag.toLowerCase()}-7`, `Crane ${tag}-7`);
    await screens.fill({ plate_number: '4421' });
    await screens.click(screens.say('actions.save'));
    await screens.expectAt(/#\/devices\/[0-9a-f-]+\/details$/);
    await expect(page.getByText(`Crane ${tag}-7`, { exact: true }).filter({ visible: true })).toBeVisible();

    // A device with a vehicle is kept; the refusal is in the chosen language.
    await screens.click(screens.say('actions.delete'));
    await screens.confirm();
    await expect(screens.toast(rule.deviceHasVehicle)).toBeVisible();

    // Edited again the form shows the fitted vehicle; taken off it, the device is deleted.
    await screens.click(screens.say('actions.edit'));
    await expect(screens.select('vehicle_id')).toContainText(`Crane ${tag}-7`);
    await screens.clear('vehicle_id');
    await screens.click(screens.say('actions.save'));
    await screens.expectAt(/#\/devices\/[0-9a-f-]+\/details$/);
    await screens.click(screens.say('actions.delete'));
    await screens.confirm();
    await screens.expectAt(/#\/devices$/);
    await screens.search(deviceId(1));
    await expect(screens.rows()).toHaveCount(0);
  });
}

{
  const language = languageOf('ja');
  const { tag, phone } = namesOf(language.code);

  test(`${language.label}: a case is created with its SIM, found, edited and deleted`, async ({ page }) => {
    const screens = await RegistryScreens.open(page, language, 'cases', '/cases');
    const rule = rules[language.code];
    // Setup through the API: a case with a SIM, whose number and phone the story tries again.
    const customer_id = await screens.companyId(HARBOR);
    const first = await screens.create('/cases', {
      customer_id,
      case_number: `CASE-${tag}-0`,
      devices_needed: 1,
    });
    await screens.create(`/cases/${first.id}/sims`, { phone: phone(0) });

    await screens.openForm(screens.say('actions.new'), /#\/cases\/new$/);
    await screens.fill({ case_number: `CASE-${tag}-0`, devices_needed: '2' });
    await screens.pick('customer_id', HARBOR);
    await screens.refusedThenSaved('case_number', rule.caseNumber, { case_number: `CASE-${tag}-1` });
    await screens.expectAt(/#\/cases\/[0-9a-f-]+\/detail$/);

    // The SIM settings: a phone number already registered is refused beside the field.
    await screens.openForm(screens.say('actions.addSim'), /\/sim\/new$/);
    await screens.fill({ phone: phone(0), apn: 'iot.fleet', user_id: 'fleet', password: 'Apn#2026' });
    await screens.refusedThenSaved('phone', rule.simExists, { phone: phone(1) });
    await screens.expectAt(/\/sim\/[0-9a-f-]+$/);
    // The saved SIM's own page (with its carrier status) replaces the new-SIM form.
    await expect(page.getByTestId('sim-status').filter({ visible: true })).toBeVisible();
    // Its settings edited: saved in place, so the story waits for the server's answer.
    await screens.fill({ apn: 'iot.harbor' });
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/sims\//.test(r.url()));
    await screens.click(screens.say('actions.save'));
    expect((await saved).ok()).toBe(true);
    // The form then refreshes the case's lists and opens the SIM again: leaving before that
    // ends would be undone by it.
    await expect(page.locator('button[type=submit]').filter({ visible: true })).not.toHaveClass(
      /ant-btn-loading/,
    );
    await screens.click(screens.say('actions.back'));
    await expect(screens.row(phone(1))).toContainText('iot.harbor');

    // The SIM is removed from the case.
    await screens
      .row(phone(1))
      .getByRole('link', { name: phone(1) })
      .click();
    // The case page has a Delete of its own: wait for the SIM's page before pressing it.
    await screens.expectAt(/\/sim\/[0-9a-f-]+$/);
    await expect(page.getByTestId('sim-status').filter({ visible: true })).toBeVisible();
    await screens.click(screens.say('actions.delete'));
    await screens.confirm();
    await screens.expectAt(/#\/cases\/[0-9a-f-]+\/detail$/);
    await expect(screens.row(phone(1))).toHaveCount(0);

    // Found with the search box, edited, deleted.
    await screens.go('/cases');
    await screens.findAlone(`case-${tag}-1`);
    await screens.editRow(`CASE-${tag}-1`, { devices_needed: '3' });
    await screens.expectAt(/#\/cases\/[0-9a-f-]+\/detail$/);
    await expect(page.locator('.ant-descriptions').filter({ visible: true })).toContainText('3');
    await screens.click(screens.say('actions.delete'));
    await screens.confirm();
    await screens.expectAt(/#\/cases$/);
    await screens.search(`case-${tag}-1`);
    await expect(screens.rows()).toHaveCount(0);
  });
}

test('the device and case registry says each rule in all four languages', async ({ page }) => {
  await RegistryScreens.rulesSaid(page, rules, async (api, language) => {
    const { tag, deviceId, phone } = namesOf(language);
    const customer_id = await api.companyId(HARBOR);
    const vehicle = await api.create('/vehicles', {
      customer_id,
      name: `Crane ${tag}`,
      introduce_date: '2025-02-01',
    });
    const device = { customer_id, device_type: 'dv426', channel_number: 1 };
    const fitted = await api.create('/devices', {
      ...device,
      device_id: deviceId(0),
      vehicle_id: vehicle.id,
      cameras: [{ camera_id: `CAM-${tag}-0` }],
    });
    const aCase = await api.create('/cases', { customer_id, case_number: `CASE-${tag}`, devices_needed: 1 });
    await api.create(`/cases/${aCase.id}/sims`, { phone: phone(0) });
    const field = async (path: string, name: string, data: object) =>
      (await api.refusal('POST', path, language, data)).fields[name] ?? '';
    return {
      digitsOnly: await field('/devices', 'device_id', {
        ...device,
        device_id: '95A',
        cameras: [{ camera_id: `CAM-${tag}-1` }],
      }),
      deviceId: await field('/devices', 'device_id', {
        ...device,
        device_id: deviceId(0),
        cameras: [{ camera_id: `CAM-${tag}-1` }],
      }),
      deviceHasVehicle: (await api.refusal('DELETE', `/devices/${fitted.id}`, language)).message,
      caseNumber: await field('/cases', 'case_number', {
        customer_id,
        case_number: `CASE-${tag}`,
        devices_needed: 1,
      }),
      simExists: await field(`/cases/${aCase.id}/sims`, 'phone', { phone: phone(0) }),
    };
  });
});
