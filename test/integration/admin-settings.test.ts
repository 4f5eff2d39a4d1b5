import { expect } from 'chai';
import request from 'supertest';
import { findGroupByName, listGroupPagePermissions } from '../../server/modules/permissions/groups-repo';
import { csrfTokenIn, signedInAgent } from '../helpers/admin';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

/** The first error shown for a field, read from the rendered form. */
function fieldError(html: string, name: string): string | undefined {
  return new RegExp(`id="id_${name}-error">([^<]*)<`)
    .exec(html)?.[1]
    ?.replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');
}
/** Whether the checkbox with this name and value is ticked. */
function isChecked(html: string, name: string, value: string): boolean {
  const input = [...html.matchAll(/<input[^>]*>/g)]
    .map((m) => m[0])
    .find((tag) => tag.includes(`name="${name}"`) && tag.includes(`value="${value}"`));
  if (!input) throw new Error(`no checkbox ${name}=${value}`);
  return /\schecked=""/.test(input);
}
const valueOf = (html: string, name: string) => new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1];

describe('back office: users, groups and sites screens', () => {
  let t: TestApp;
  let agent: Awaited<ReturnType<typeof signedInAgent>>;
  let token: string;
  useTestApp({ signIn: true }, (suite) => ({ t, agent, token } = suite));

  describe('users', () => {
    it('creates a user in a group, lists them, and the new account can sign in to the admin', async () => {
      const editors = await findGroupByName(t.db, 'Editors');
      await agent
        .post('/wagtail/users/add/')
        .type('form')
        .send(
          `csrfmiddlewaretoken=${encodeURIComponent(token)}&username=ed&email=ed%40example.com&first_name=Ed&last_name=Itor&password1=a-long-enough-password&password2=a-long-enough-password&is_active=on&groups=${editors!.id}`,
        )
        .expect(303)
        .expect('Location', '/wagtail/users/');
      const list = await agent.get('/wagtail/users/').expect(200);
      expect(list.text).to.include('Ed Itor').and.to.include('Editors').and.to.include('User &#x27;ed&#x27; created.');
      expect((await agent.get('/wagtail/users/?q=ITOR').expect(200)).text).to.include('Ed Itor');
      const none = await agent.get('/wagtail/users/?q=100%25').expect(200);
      expect(none.text).not.to.include('Ed Itor');
      expect(none.text).to.include('Sorry, no users match');
      const ed = await signedInAgent(t.app, { username: 'ed', password: 'a-long-enough-password' });
      await ed.get('/wagtail/').expect(200);
      // Not an administrator: the settings screens are closed to them and absent from the menu.
      const dashboard = await ed.get('/wagtail/').expect(200);
      expect(dashboard.text).not.to.include('href="/wagtail/users/"');
      await ed.get('/wagtail/users/').expect(403);
    });

    it('redisplays the add form with field errors and the input kept', async () => {
      const res = await agent
        .post('/wagtail/users/add/')
        .type('form')
        .send({
          csrfmiddlewaretoken: token,
          username: 'bad name!',
          email: 'not-an-email',
          first_name: 'Kept',
          password1: 'short',
          password2: 'other',
          groups: '999999',
        })
        .expect(400);
      expect(fieldError(res.text, 'username')).to.match(/Enter a valid username/);
      expect(fieldError(res.text, 'email')).to.equal('Enter a valid email address.');
      expect(fieldError(res.text, 'password1')).to.match(/too short/);
      expect(fieldError(res.text, 'password2')).to.equal("The two password fields didn't match.");
      expect(valueOf(res.text, 'first_name')).to.equal('Kept');
      expect(valueOf(res.text, 'username')).to.equal('bad name!');
      expect(res.text).not.to.include('value="short"');
    });

    it('refuses a taken username (any case) and an unknown group', async () => {
      const taken = await agent
        .post('/wagtail/users/add/')
        .type('form')
        .send({
          csrfmiddlewaretoken: token,
          username: 'ADMIN',
          email: 'x@example.com',
          password1: 'a-long-enough-password',
          password2: 'a-long-enough-password',
        })
        .expect(400);
      expect(fieldError(taken.text, 'username')).to.equal('A user with that username already exists.');
      const group = await agent
        .post('/wagtail/users/add/')
        .type('form')
        .send({
          csrfmiddlewaretoken: token,
          username: 'newbie',
          email: 'x@example.com',
          password1: 'a-long-enough-password',
          password2: 'a-long-enough-password',
          groups: '999999',
        })
        .expect(400);
      expect(fieldError(group.text, 'groups')).to.match(/Select a valid choice/);
    });

    it('deactivates a user, who can then no longer sign in, but never yourself', async () => {
      const user = await t.db.selectFrom('users').select('id').where('username', '=', 'ed').executeTakeFirstOrThrow();
      await agent
        .post(`/wagtail/users/${user.id}/deactivate/`)
        .type('form')
        .send({ csrfmiddlewaretoken: token })
        .expect(303);
      const anonymous = request.agent(t.app);
      const form = await anonymous.get('/wagtail/login/');
      const login = await anonymous
        .post('/wagtail/login/')
        .type('form')
        .send({ csrfmiddlewaretoken: csrfTokenIn(form.text), username: 'ed', password: 'a-long-enough-password' });
      expect(login.status).to.equal(200); // the login form again, not a redirect
      const admin = await t.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'admin')
        .executeTakeFirstOrThrow();
      await agent
        .post(`/wagtail/users/${admin.id}/deactivate/`)
        .type('form')
        .send({ csrfmiddlewaretoken: token })
        .expect(400);
      const self = await agent
        .post(`/wagtail/users/${admin.id}/`)
        .type('form')
        .send({ csrfmiddlewaretoken: token, username: 'admin', email: 'admin@example.com', is_superuser: 'on' })
        .expect(400);
      expect(fieldError(self.text, 'is_active')).to.equal('You cannot deactivate your own account.');
    });

    it('needs a CSRF token to add a user', async () => {
      await agent.post('/wagtail/users/add/').type('form').send({ username: 'nocsrf' }).expect(403);
      expect(await t.db.selectFrom('users').select('id').where('username', '=', 'nocsrf').executeTakeFirst()).to.equal(
        undefined,
      );
    });
  });

  describe('groups', () => {
    it('grants page permissions on a page, and edits them with the group form', async () => {
      const home = await t.db
        .selectFrom('pages')
        .select(['id', 'title'])
        .where('depth', '=', 2)
        .orderBy('path')
        .executeTakeFirstOrThrow();
      await agent
        .post('/wagtail/groups/add/')
        .type('form')
        .send(
          `csrfmiddlewaretoken=${encodeURIComponent(token)}&name=Chefs&can_access_admin=on&new_page=${home.id}&new_permissions=add&new_permissions=change`,
        )
        .expect(303);
      const chefs = (await findGroupByName(t.db, 'Chefs'))!;
      expect((await listGroupPagePermissions(t.db, chefs.id)).map((g) => g.permission_type)).to.have.members([
        'add',
        'change',
      ]);
      const form = await agent.get(`/wagtail/groups/${chefs.id}/`).expect(200);
      expect(isChecked(form.text, `perm_${home.id}`, 'change')).to.equal(true);
      expect(isChecked(form.text, `perm_${home.id}`, 'publish')).to.equal(false);
      // Untick 'change' and tick 'publish'.
      await agent
        .post(`/wagtail/groups/${chefs.id}/`)
        .type('form')
        .send(
          `csrfmiddlewaretoken=${encodeURIComponent(token)}&name=Chefs&pages=${home.id}&perm_${home.id}=add&perm_${home.id}=publish`,
        )
        .expect(303);
      expect((await listGroupPagePermissions(t.db, chefs.id)).map((g) => g.permission_type)).to.have.members([
        'add',
        'publish',
      ]);
      expect((await findGroupByName(t.db, 'Chefs'))!.can_access_admin).to.equal(false);
    });

    it('redisplays the group form with errors and the rows kept', async () => {
      const home = await t.db
        .selectFrom('pages')
        .select(['id', 'title'])
        .where('depth', '=', 2)
        .orderBy('path')
        .executeTakeFirstOrThrow();
      const res = await agent
        .post('/wagtail/groups/add/')
        .type('form')
        .send(
          `csrfmiddlewaretoken=${encodeURIComponent(token)}&name=&pages=${home.id}&perm_${home.id}=lock&new_page=${home.id}&perm_${home.id}=bogus`,
        )
        .expect(400);
      expect(fieldError(res.text, 'name')).to.equal('This field is required.');
      expect(isChecked(res.text, `perm_${home.id}`, 'lock')).to.equal(true);
      const noPerms = await agent
        .post('/wagtail/groups/add/')
        .type('form')
        .send({ csrfmiddlewaretoken: token, name: 'Nobody', new_page: String(home.id) })
        .expect(400);
      expect(fieldError(noPerms.text, 'new_permissions')).to.equal('Choose at least one permission for this page.');
      const taken = await agent
        .post('/wagtail/groups/add/')
        .type('form')
        .send({ csrfmiddlewaretoken: token, name: 'editors' })
        .expect(400);
      expect(fieldError(taken.text, 'name')).to.equal('A group with that name already exists.');
      const missing = await agent
        .post('/wagtail/groups/add/')
        .type('form')
        .send({ csrfmiddlewaretoken: token, name: 'Ghost', new_page: '99999999', new_permissions: 'add' })
        .expect(400);
      expect(fieldError(missing.text, 'new_page')).to.match(/does not exist/);
    });

    it('seeds Editors and Moderators with permissions on the US home page', async () => {
      const moderators = (await findGroupByName(t.db, 'Moderators'))!;
      const grants = await listGroupPagePermissions(t.db, moderators.id);
      expect(grants.map((g) => g.permission_type)).to.include.members(['add', 'change', 'publish']);
      expect(new Set(grants.map((g) => g.title))).to.deep.equal(new Set(['Harborline Seafood']));
    });
  });

  describe('sites', () => {
    it('adds a site, refusing a duplicate host and port and a second default', async () => {
      const home = await t.db
        .selectFrom('pages')
        .select('id')
        .where('depth', '=', 2)
        .orderBy('path')
        .executeTakeFirstOrThrow();
      await agent
        .post('/wagtail/sites/add/')
        .type('form')
        .send({
          csrfmiddlewaretoken: token,
          hostname: 'Staging.Example.com',
          port: '8080',
          site_name: 'Staging',
          root_page: String(home.id),
        })
        .expect(303);
      const list = await agent.get('/wagtail/sites/').expect(200);
      expect(list.text).to.include('staging.example.com:8080');
      const clash = await agent
        .post('/wagtail/sites/add/')
        .type('form')
        .send({
          csrfmiddlewaretoken: token,
          hostname: 'staging.example.com',
          port: '8080',
          root_page: String(home.id),
          is_default_site: 'on',
        })
        .expect(400);
      expect(fieldError(clash.text, 'hostname')).to.equal('staging.example.com:8080 is already configured as a site.');
      expect(fieldError(clash.text, 'is_default_site')).to.match(/already configured as the default site/);
      expect(valueOf(clash.text, 'hostname')).to.equal('staging.example.com');
    });

    it('validates host, port and root page, and keeps exactly one default', async () => {
      const bad = await agent
        .post('/wagtail/sites/add/')
        .type('form')
        .send({ csrfmiddlewaretoken: token, hostname: 'http://x', port: '70000', root_page: '' })
        .expect(400);
      expect(fieldError(bad.text, 'hostname')).to.match(/without a scheme/);
      expect(fieldError(bad.text, 'port')).to.equal('Enter a port between 1 and 65535.');
      expect(fieldError(bad.text, 'root_page')).to.equal('This field is required.');
      expect(valueOf(bad.text, 'port')).to.equal('70000');
      const current = await t.db
        .selectFrom('sites')
        .selectAll()
        .where('is_default_site', '=', true)
        .executeTakeFirstOrThrow();
      const unset = await agent
        .post(`/wagtail/sites/${current.id}/`)
        .type('form')
        .send({
          csrfmiddlewaretoken: token,
          hostname: current.hostname,
          port: String(current.port),
          site_name: current.site_name,
          root_page: String(current.root_page_id),
        })
        .expect(400);
      expect(fieldError(unset.text, 'is_default_site')).to.match(/There must be one default site/);
    });
  });
});
