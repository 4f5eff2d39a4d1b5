import { expect } from 'chai';
import request from 'supertest';
import type { TestApp } from '../helpers/app';
import { csrfTokenIn } from '../helpers/admin';
import { useTestApp, type SignedInAgent } from '../helpers/app-suite';
import { solvedCaptcha } from '../helpers/captcha';

/** The textarea's value as the screen shows it (React escapes it; these addresses need no unescaping but '&#x27;'). */
function textareaValue(html: string, name: string): string | null {
  const match = new RegExp(`<textarea[^>]*name="${name}"[^>]*>([^<]*)</textarea>`).exec(html);
  return match
    ? match[1]!
        .replace(/&#x27;/g, "'")
        .replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"')
    : null;
}

/** Issue 13: the forms' staff notification addresses, edited on the page editor of ContactUsPage and EmailSignupPage. */
describe('page editor: a form page’s notification e-mails', function () {
  this.timeout(120_000);
  let t: TestApp;
  let agent: SignedInAgent;
  let token: string;
  useTestApp({ signIn: true }, (suite) => ({ t, agent, token } = suite));

  const pageOf = (type: string) =>
    t.db
      .selectFrom('pages')
      .selectAll()
      .where('page_type', '=', type)
      .where('url_path', 'not like', '%/fr/%')
      .orderBy('id')
      .executeTakeFirstOrThrow();
  const draftOf = async (id: number) => {
    const page = await t.db
      .selectFrom('pages')
      .select(['latest_revision_id', 'content'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const revision = page.latest_revision_id
      ? await t.db
          .selectFrom('page_revisions')
          .select('content')
          .where('id', '=', page.latest_revision_id)
          .executeTakeFirst()
      : undefined;
    return ((revision?.content as { content?: Record<string, unknown> } | undefined)?.content ??
      page.content) as Record<string, unknown>;
  };
  /** The edit form as the browser would post it, with `overrides` typed in. */
  const editForm = async (id: number, overrides: Record<string, string | undefined>) => {
    const screen = await agent.get(`/wagtail/pages/${id}/edit/`).expect(200);
    const inputs = /<input[^>]*name="(\w+)"[^>]*value="([^"]*)"/g;
    const values: Record<string, string> = { csrfmiddlewaretoken: token };
    for (const [, name, value] of screen.text.matchAll(inputs))
      if (['title', 'slug', 'seo_title', 'base_revision_id'].includes(name!))
        values[name!] = value!.replace(/&#x27;/g, "'").replace(/&amp;/g, '&');
    values.content_json = textareaValue(screen.text, 'content_json')!;
    values.notify_emails = textareaValue(screen.text, 'notify_emails')!;
    for (const [key, value] of Object.entries(overrides)) {
      if (value === undefined) delete values[key];
      else values[key] = value;
    }
    return values;
  };

  it('shows the addresses in a field of their own on both form page types, not in the body JSON', async () => {
    for (const type of ['ContactUsPage', 'EmailSignupPage']) {
      const page = await pageOf(type);
      const screen = await agent.get(`/wagtail/pages/${page.id}/edit/`).expect(200);
      expect(screen.text).to.include('<label for="id_notify_emails"');
      expect(screen.text).to.include('Notification e-mails');
      const stored = (page.content as { notify_emails: string[] }).notify_emails;
      expect(stored.length).to.be.greaterThan(0);
      expect(textareaValue(screen.text, 'notify_emails')).to.equal(stored.join('\n'));
      expect(textareaValue(screen.text, 'content_json')).to.not.include('notify_emails');
    }
    // Other page types have no such field.
    const home = await pageOf('HomePage');
    expect((await agent.get(`/wagtail/pages/${home.id}/edit/`).expect(200)).text).to.not.include(
      'name="notify_emails"',
    );
  });

  it('saves a list typed one a line or with commas, drops repeats, and a published change is who the next submission notifies', async () => {
    const page = await pageOf('ContactUsPage');
    const body = await editForm(page.id, {
      notify_emails: 'host.stand@example.com\r\n\r\nGuest.Care@example.com, host.stand@example.com;  ',
      'action-publish': 'action-publish',
    });
    await agent.post(`/wagtail/pages/${page.id}/edit/`).type('form').send(body).expect(303);
    expect((await draftOf(page.id)).notify_emails).to.deep.equal(['host.stand@example.com', 'Guest.Care@example.com']);
    const live = await t.db.selectFrom('pages').select('content').where('id', '=', page.id).executeTakeFirstOrThrow();
    expect((live.content as Record<string, unknown>).notify_emails).to.deep.equal([
      'host.stand@example.com',
      'Guest.Care@example.com',
    ]);
    // The body was kept whole, and the public page still never shows the addresses.
    expect(((live.content as Record<string, unknown>).body as unknown[]).length).to.be.greaterThan(0);

    const url = (
      await t.db.selectFrom('pages').select('url_path').where('id', '=', page.id).executeTakeFirstOrThrow()
    ).url_path.replace(/^\/home/, '');
    const guest = request.agent(t.app);
    const form = await guest.get(url).expect(200);
    expect(form.text).to.not.include('host.stand@example.com');
    const captcha = await solvedCaptcha(guest);
    const sent = {
      csrfmiddlewaretoken: csrfTokenIn(form.text),
      question_category: 'suggestion',
      topic: 'suggestion/menu-idea',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      phone: '207 555 0100',
      address_line1: '1 Main St',
      address_city: 'Portland',
      address_state: 'ME',
      address_zip: '04101',
      message: 'More chowder, please.',
      captcha,
      form_action: 'send',
    };
    await guest.post(url).type('form').send(sent).expect(303);
    const job = await t.db
      .selectFrom('jobs')
      .select('payload')
      .where('kind', '=', 'forms.notify')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect((job.payload as { to: string[] }).to).to.deep.equal(['host.stand@example.com', 'Guest.Care@example.com']);
  });

  it('refuses a bad address with a clear error, keeps what was typed and saves nothing', async () => {
    const page = await pageOf('EmailSignupPage');
    const before = await draftOf(page.id);
    const revisions = async () =>
      (await t.db.selectFrom('page_revisions').select('id').where('page_id', '=', page.id).execute()).length;
    const count = await revisions();
    for (const [typed, message] of [
      ['offers@example.com\nnot-an-address', '“not-an-address” is not a valid e-mail address.'],
      // A header injection attempt is just another bad address.
      ['offers@example.com\r\nBcc: everyone@example.com', '“Bcc:” is not a valid e-mail address.'],
      ['<script>@example.com', '“&lt;script&gt;@example.com” is not a valid e-mail address.'],
      [
        Array.from({ length: 11 }, (_, i) => `staff${i}@example.com`).join('\n'),
        'Enter at most 10 addresses (you entered 11).',
      ],
    ] as const) {
      const res = await agent
        .post(`/wagtail/pages/${page.id}/edit/`)
        .type('form')
        .send(await editForm(page.id, { notify_emails: typed }))
        .expect(400);
      expect(res.text).to.include(message);
      expect(res.text).to.include('The page could not be saved due to validation errors.');
      expect(res.text).to.match(
        /<textarea[^>]*aria-invalid="true"[^>]*name="notify_emails"|<textarea[^>]*name="notify_emails"[^>]*aria-invalid="true"/,
      );
      expect(res.text).to.not.include('<script>@');
    }
    const kept = await agent
      .post(`/wagtail/pages/${page.id}/edit/`)
      .type('form')
      .send(await editForm(page.id, { notify_emails: 'offers@example.com\nnope' }))
      .expect(400);
    expect(textareaValue(kept.text, 'notify_emails')).to.equal('offers@example.com\nnope');
    expect(await revisions()).to.equal(count);
    expect((await draftOf(page.id)).notify_emails).to.deep.equal(before.notify_emails);
  });

  it('keeps the addresses when a save does not post the field, and lets staff empty the list', async () => {
    const page = await pageOf('EmailSignupPage');
    const before = (await draftOf(page.id)).notify_emails;
    await agent
      .post(`/wagtail/pages/${page.id}/edit/`)
      .type('form')
      .send(await editForm(page.id, { notify_emails: undefined, title: 'Offers by e-mail' }))
      .expect(303);
    expect((await draftOf(page.id)).notify_emails).to.deep.equal(before);
    await agent
      .post(`/wagtail/pages/${page.id}/edit/`)
      .type('form')
      .send(await editForm(page.id, { notify_emails: '' }))
      .expect(303);
    expect((await draftOf(page.id)).notify_emails).to.deep.equal([]);
  });
});
