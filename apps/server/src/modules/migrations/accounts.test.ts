// The account file of a basic info import, through the API on the real queue: a company's users
// imported with its other files (no password: they sign in once a manager has set one), removed
// again by "restore state" with their sign-in accounts; every bad line reported (names and
// addresses taken or twice, an e-mail that is not one, a role of another company, a system role
// or a privilege beyond the company or the importer) with nothing written; the file refused to
// whoever may not create users.
import { Readable } from 'node:stream';
import { type AccessHolder, IMPORT_COLUMNS, mappingOf } from '@fleetlens/contracts';
import { describe, expect, it } from 'vitest';
import { signInAs, startHarness, TEST_PASSWORD } from '../../testing/harness.ts';
import { settled } from '../../testing/jobs.ts';
import { perFile } from '../../testing/perFile.ts';
import { rowCounts } from '../../testing/rows.ts';
import { type CheckCounts, checkImport } from './check.ts';
import type { Issue } from './lines.ts';

const h = perFile(startHarness);

const OPERATORS = [
  'operator_code,first_name,last_name,birth_date,address,license_number,license_received_on,license_valid_till,license_location,phone',
  'ACCT-1,Aiko,Sato,1990-01-01,Tokyo,L-1,2010-01-01,2030-01-01,Tokyo,090-1111-2222',
];
const ACCOUNT_HEADER = 'Login ID,First name,Last name,E-mail,Role,sys_role,download_role,manager';

const file = (field: string, lines: string[]) => ({
  field,
  name: `${field}.csv`,
  data: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`),
});
/** The three required files, with a vehicle, device and camera of the test's own. */
const others = (tag: string, deviceId: string) => [
  file('vehicle', ['name,introduce_date', `${tag} Truck,2024-04-01`]),
  file('operator', OPERATORS),
  file('device', [
    'device_id,device_type,channel_number,vehicle,camera_1',
    `${deviceId},dv426,1,${tag} Truck,${tag.toUpperCase()}CAM1`,
  ]),
];

const finished = (id: string, lang = 'en') => settled(h.as('support', { lang }), `/migration-imports/${id}`);

const usersOf = (customer: string) =>
  h.database.query<{
    id: string;
    username: string;
    email: string;
    role: string | null;
    sys_role: string;
    download_role: string;
    is_manager: boolean;
    password_hash: string | null;
  }>(
    `SELECT u.id, u.username, u.email, r.name AS role, u.sys_role, u.download_role, u.is_manager, u.password_hash
       FROM users u LEFT JOIN roles r ON r.id = u.role_id WHERE u.customer_id = $1 ORDER BY u.username`,
    [customer],
  );
const counted = (customer: string) =>
  rowCounts(h.database, customer, { v: 'vehicles', o: 'operators', d: 'devices', u: 'users' });
const addRole = (customer: string, name: string, privileges: string[] = []) =>
  h.database.query('INSERT INTO roles (customer_id, name, privileges) VALUES ($1, $2, $3)', [
    customer,
    name,
    privileges,
  ]);

describe('the account file of a basic info import', () => {
  it('creates the company users with the other files, with no password until a manager sets one; restore removes them and their sign-ins', async () => {
    const customer = await h.addCompany('migacct', 'Migration Accounts Ltd');
    await addRole(customer, 'Dispatcher');
    const up = await h
      .as('support')
      .upload(`/migration-imports?customer_id=${customer}`, {}, [
        ...others('Good', '9900501'),
        file('account', [
          ACCOUNT_HEADER,
          'migacct1,Aiko,Sato,aiko@migacct.test,Dispatcher,,,',
          'migacct2,Ken,Ito,KEN@Migacct.test,,user,download,yes',
        ]),
      ]);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const accountFile = up.body.data.files.find((f: { kind: string }) => f.kind === 'account');
    // Suggested from the headers as users bring them.
    expect(accountFile.mapping).toEqual({
      username: 'Login ID',
      first_name: 'First name',
      last_name: 'Last name',
      email: 'E-mail',
      role: 'Role',
      sys_role: 'sys_role',
      download_role: 'download_role',
      manager: 'manager',
    });
    const id = up.body.data.id;
    expect((await h.as('support').post(`/migration-imports/${id}/start`, { mappings: {} })).status).toBe(200);
    const done = await finished(id);
    expect(done, JSON.stringify(done.issues)).toMatchObject({
      status: 'completed',
      total: 5,
      success: 5,
      failure: 0,
    });
    const users = await usersOf(customer);
    expect(users.map(({ id: _id, ...u }) => u)).toEqual([
      {
        username: 'migacct1',
        email: 'aiko@migacct.test',
        role: 'Dispatcher',
        sys_role: 'user',
        download_role: 'none',
        is_manager: false,
        password_hash: null,
      },
      {
        username: 'migacct2',
        email: 'ken@migacct.test',
        role: null,
        sys_role: 'user',
        download_role: 'download',
        is_manager: true,
        password_hash: null,
      },
    ]);

    // No password: the sign-in page refuses them, as it refuses a wrong one.
    expect((await signInAs(h.app, 'migacct1')).tokens).toBeUndefined();
    // The first sign-in: a manager sets the password on the user's edit screen, as for a user they create.
    const aiko = users[0] as { id: string };
    const set = await h.as('support').put(`/users/${aiko.id}`, {
      first_name: 'Aiko',
      last_name: 'Sato',
      email: 'aiko@migacct.test',
      password: TEST_PASSWORD,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await signInAs(h.app, 'migacct1')).tokens?.access_token).toBeTruthy();

    const restored = await h.as('support').post(`/migration-imports/${id}/restore`, {});
    expect(restored.status).toBe(200);
    expect(await counted(customer)).toEqual({ v: 0, o: 0, d: 0, u: 0 });
    // Their realm account is their row: its sign-ins went with it, and the name signs in no more.
    const [history] = await h.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM login_history WHERE user_id = $1',
      [aiko.id],
    );
    expect(history).toEqual({ n: 0 });
    expect((await signInAs(h.app, 'migacct1')).tokens).toBeUndefined();
    const [records] = await h.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM migration_import_records WHERE import_id = $1',
      [id],
    );
    expect(records).toEqual({ n: 0 });
  });

  it("reports every bad account line with its column and reason, another company's role among them, and writes nothing", async () => {
    const customer = await h.addCompany('migacctbad', 'Migration Bad Accounts Ltd');
    const other = await h.addCompany('migacctother', 'Migration Other Ltd');
    await addRole(other, 'Other Role');
    await addRole(customer, 'Viewer');
    const [admin] = await h.database.query<{ email: string }>(
      "SELECT email FROM users WHERE username = 'admin'",
    );
    const lines = [
      ACCOUNT_HEADER,
      'migbad1,Aiko,Sato,aiko@migbad.test,Viewer,,,', // 2: good
      'support,Sam,Same,sam@migbad.test,,,,', // 3: a name the product has
      'migbad1,Ken,Ito,ken@migbad.test,,,,', // 4: a name an earlier line brings
      'migbad3,Rin,Mori,AIKO@migbad.test,,,,', // 5: an address an earlier line brings
      'migbad4,Yui,Abe,not-an-address,,,,', // 6
      'migbad5,Mei,Ono,mei@migbad.test,Other Role,,,', // 7: another company's role
      'migbad6,Ryo,Kato,ryo@migbad.test,,admin,,', // 8: a staff role for a customer's user
      'Bad Name,Sho,Endo,sho@migbad.test,,,,', // 9
      'migbad7,Aoi,Ueda,aoi@migbad.test,,,owner,', // 10
      `migbad8,Kai,Sano,${admin?.email},,,,`, // 11: an address the product has
      ',Nao,Kudo,nao@migbad.test,,,,', // 12: no name
    ];
    const up = await h
      .as('support', { lang: 'ja' })
      .upload(`/migration-imports?customer_id=${customer}`, {}, [
        ...others('Bad', '9900502'),
        file('account', lines),
      ]);
    expect(up.status).toBe(201);
    const id = up.body.data.id;
    await h.as('support').post(`/migration-imports/${id}/start`, { mappings: {} });
    const done = await finished(id, 'ja');
    expect(done.status).toBe('error');
    expect(done.message).toBe('validation.importNothingWritten');
    expect(done.total).toBe(3 + lines.length - 1);
    expect(done.failure).toBe(lines.length - 2);
    // Lines failing their own fields are told as they are read, the others after their part's look-ups.
    const where = done.issues
      .filter((i: { file: string }) => i.file === 'account')
      .sort((a: { line: number }, b: { line: number }) => a.line - b.line)
      .map((i: { line: number; column: string; key: string }) => `${i.line} ${i.column} ${i.key}`);
    expect(where).toEqual([
      '3 username importUsernameTaken',
      '4 username importDuplicate',
      '5 email importDuplicate',
      '6 E-mail email',
      '7 role importRoleUnknown',
      '8 sys_role importSysRoleNotAllowed',
      '9 Login ID username',
      '10 download_role invalidEnum',
      '11 email importEmailTaken',
      '12 Login ID usernameRequired',
    ]);
    const unknown = done.issues.find((i: { key: string }) => i.key === 'importRoleUnknown');
    expect(unknown).toMatchObject({ value: 'Other Role', reason: '会社にこの名前のロールはありません。' });
    expect(await counted(customer)).toEqual({ v: 0, o: 0, d: 0, u: 0 });
    const report = await h.as('support').get(`/migration-imports/${id}/issues`);
    expect(report.text).toContain('account,7,role,Other Role,The company has no role of this name.');
  });

  it('refuses the account file to whoever may not create users, keeping nothing', async () => {
    const customer = await h.addCompany('migacctkit', 'Migration Kitting Ltd');
    const refused = await h
      .as('kitting')
      .upload(`/migration-imports?customer_id=${customer}`, {}, [
        ...others('Kit', '9900503'),
        file('account', [ACCOUNT_HEADER, 'migkit1,Aiko,Sato,aiko@migkit.test,,,,']),
      ]);
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.fields.account).toBeDefined();
    const [imports] = await h.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM migration_imports WHERE customer_id = $1',
      [customer],
    );
    expect(imports).toEqual({ n: 0 });
    // A file of no kind is refused the same way (a field error, not a failure of the server).
    const unknown = await h
      .as('kitting')
      .upload(`/migration-imports?customer_id=${customer}`, {}, [file('users', [ACCOUNT_HEADER])]);
    expect(unknown.status).toBe(400);
    expect(unknown.fields.users).toBeDefined();
    // Without it, kitting imports the rest as before.
    const allowed = await h
      .as('kitting')
      .upload(`/migration-imports?customer_id=${customer}`, {}, others('Kit', '9900503'));
    expect(allowed.status).toBe(201);
  });

  it("gives no user more than the one who started the import holds: the user form's grant rule", async () => {
    // Support and admin hold every privilege: the rule is shown with a customer's user who may add users.
    const customer = await h.addCompany('migacctgrant', 'Migration Grant Ltd');
    await addRole(customer, 'Editors', ['vehicle:edit']);
    const holder: AccessHolder = {
      sysRole: 'user',
      privileges: ['user:add'],
      isManager: false,
      downloadRole: 'download',
    };
    const lines = [
      ACCOUNT_HEADER,
      'miggrant1,Aiko,Sato,aiko@miggrant.test,,,download,', // as much as the holder: good
      'miggrant2,Ken,Ito,ken@miggrant.test,Editors,,,', // a privilege the holder lacks
      'miggrant3,Rin,Mori,rin@miggrant.test,,,,yes', // the representative flag
      'miggrant4,Yui,Abe,yui@miggrant.test,,,request,', // a download role above the holder's
      'miggrant5,Mei,Ono,mei@miggrant.test,,support,,', // a staff role, and a customer's company
    ];
    const headers = ACCOUNT_HEADER.split(',');
    const issues: Issue[] = [];
    const counts: CheckCounts = await checkImport(
      h.database,
      customer,
      [
        {
          kind: 'account',
          name: 'a.csv',
          key: 'a',
          headers,
          encoding: 'utf-8',
          delimiter: ',',
          mapping: mappingOf(IMPORT_COLUMNS.account, headers),
        },
      ],
      async () => Readable.from([Buffer.from(lines.join('\n'))]),
      { issue: async (found) => void issues.push(...found), part: async () => {} },
      holder,
    );
    expect(counts).toEqual({ total: 5, success: 1, failure: 4 });
    expect(issues.map((i) => `${i.line} ${i.column} ${i.key}`)).toEqual([
      '3 role importRoleNotHeld',
      '4 manager importManagerNotHeld',
      '5 download_role importDownloadRoleNotHeld',
      '6 sys_role importSysRoleNotAllowed',
    ]);
  });
});
