import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import request from 'supertest';
import { runDueJobs } from '../../server/modules/jobs/runner';
import { createMailer, mailDirectory } from '../../server/modules/mail/mailer';
import { createSmsSender, smsDirectory, waitlistJobHandlers } from '../../server/modules/waitlist/notifications';
import { localNow } from '../../shared/locations/hours';
import { addDays } from '../../shared/waitlist/local-time';
import type { TestApp } from '../helpers/app';
import { solvedCaptcha } from '../helpers/captcha';
import { useTestApp } from '../helpers/app-suite';
import { createTestLocation } from '../factories/location';

const CA = 'ca.localhost:3000';

/** A Montréal restaurant, open all day, both services on. */
const montreal = (t: TestApp) =>
  createTestLocation(t.db, {
    country: 'CA',
    state: 'QC',
    state_name: 'Québec',
    city: 'Montréal',
    zip: 'H2X 1Y4',
    time_zone: 'America/Toronto',
    phone: '(514) 555-0100',
    latitude: 45.5,
    longitude: -73.57,
  });

/** The Canada site's French (fr-CA) guest pages of the wait list and reservations, under /fr/. */
describe('wait list and reservation guest pages in Canadian French', () => {
  let t: TestApp;
  useTestApp({}, (suite) => ({ t } = suite));

  const fr = (path: string) => request(t.app).get(path).set('Host', CA);
  /** A guest's browser: a session (its CSRF token), and a solved captcha for each join or booking. */
  let browser: { agent: ReturnType<typeof request.agent>; token: string };
  beforeEach(async () => {
    const agent = request.agent(t.app);
    const res = await agent.get('/api-nc/csrftoken/').set('Host', CA).expect(200);
    browser = { agent, token: res.body.csrf_token as string };
  });
  const post = async (path: string, body: Record<string, string>, status: number) => {
    const asks = /\/(waitlist\/join|reservations\/new)\//.test(path);
    const res = await browser.agent
      .post(path)
      .set('Host', CA)
      .type('form')
      .send({
        ...body,
        csrfmiddlewaretoken: browser.token,
        ...(asks ? { captcha: await solvedCaptcha(browser.agent, CA) } : {}),
      });
    expect(res.status, res.text.slice(0, 300)).to.equal(status);
    return res;
  };
  const entriesOf = (rlid: number) =>
    t.db.selectFrom('waitlist_entries').select('id').where('rlid', '=', rlid).execute();

  it('joins the wait list in French, keeps /fr/ through the entry page, and cancels', async () => {
    const loc = await montreal(t);
    const form = await fr(`/fr/waitlist/join/?rlid=${loc.rlid}`).expect(200);
    expect(form.text).to.include('lang="fr-CA"');
    expect(form.text).to.include('S&#x27;inscrire sur la liste d&#x27;attente');
    expect(form.text).to.include('Attente actuelle : Aucune attente');
    expect(form.text).to.include('Nombre de personnes');
    expect(form.text).to.include(`action="/fr/waitlist/join/?rlid=${loc.rlid}"`);
    expect(form.text).to.include('<title>Liste d’attente : ');
    // The footer's language switcher offers the same page in English.
    expect(form.text).to.match(new RegExp(`href="/waitlist/join/\\?rlid=${loc.rlid}" hrefLang="en-CA"`));
    expect(form.headers['x-missing-translations']).to.equal(undefined);

    const joined = await post(
      `/fr/waitlist/join/?rlid=${loc.rlid}`,
      {
        partySize: '3',
        name: 'Émilie Tremblay',
        phone: '514 555-0199',
      },
      303,
    );
    expect(joined.headers.location).to.match(/^\/fr\/waitlist\/[A-Za-z0-9_-]{32}\/$/);
    const page = await fr(joined.headers.location!).expect(200);
    expect(page.text).to.include('Vous êtes sur la liste d&#x27;attente');
    expect(page.text).to.include('Place dans la file : 1');
    expect(page.text).to.include('Annuler ma place');
    expect(page.text).to.include(`action="${joined.headers.location!}cancel/"`);
    expect(page.text).to.not.include('555-0199');
    expect(page.headers['x-missing-translations']).to.equal(undefined);

    const cancelled = await post(`${joined.headers.location!}cancel/`, {}, 303);
    expect(cancelled.headers.location).to.equal(`${joined.headers.location!}?cancelled=1`);
    const after = await fr(cancelled.headers.location!).expect(200);
    expect(after.text).to.include('Votre place a été annulée.');
    expect(after.text).to.not.include('Annuler ma place');
    expect(after.headers['x-missing-translations']).to.equal(undefined);
  });

  it('refuses bad input with French messages, keeps the input and stores nothing', async () => {
    const loc = await montreal(t);
    const badPhone = await post(
      `/fr/waitlist/join/?rlid=${loc.rlid}`,
      {
        partySize: '2',
        name: 'Émilie',
        phone: '555',
      },
      400,
    );
    expect(badPhone.text).to.include('Veuillez entrer un numéro de téléphone mobile valide');
    expect(badPhone.text).to.include('Veuillez corriger ce qui suit :');
    expect(badPhone.text).to.include('aria-invalid="true"');
    expect(badPhone.text).to.include('value="Émilie"');
    expect(badPhone.headers['x-missing-translations']).to.equal(undefined);
    const tooBig = await post(
      `/fr/waitlist/join/?rlid=${loc.rlid}`,
      {
        partySize: '40',
        name: 'Émilie',
        email: 'emilie@example.ca',
      },
      400,
    );
    expect(tooBig.text).to.include('Le groupe le plus nombreux accepté en ligne est de 8 personnes');
    expect(tooBig.headers['x-missing-translations']).to.equal(undefined);
    const noContact = await post(`/fr/waitlist/join/?rlid=${loc.rlid}`, { partySize: '2', name: 'Émilie' }, 400);
    expect(noContact.text).to.include('Veuillez indiquer un numéro de téléphone mobile ou une adresse courriel');
    const longName = await post(
      `/fr/waitlist/join/?rlid=${loc.rlid}`,
      {
        partySize: '2',
        name: 'x'.repeat(81),
        email: 'emilie@example.ca',
      },
      400,
    );
    expect(longName.text).to.include('Ce champ doit comporter au plus 80 caractères');
    expect(longName.headers['x-missing-translations']).to.equal(undefined);
    expect(await entriesOf(loc.rlid)).to.have.length(0);

    const yesterday = addDays(localNow(new Date(), loc.time_zone).date, -1);
    const past = await post(
      `/fr/reservations/new/?rlid=${loc.rlid}`,
      {
        date: yesterday,
        partySize: '2',
        time: '19:00',
        name: 'Émilie',
        email: 'emilie@example.ca',
      },
      400,
    );
    expect(past.text).to.include('Veuillez choisir aujourd’hui ou une date ultérieure');
    expect(past.headers['x-missing-translations']).to.equal(undefined);
    expect(await t.db.selectFrom('reservations').select('id').where('rlid', '=', loc.rlid).execute()).to.have.length(0);

    // Unknown restaurants and ids are the French not-found page; a prefix the site lacks is no page.
    await fr('/fr/waitlist/join/?rlid=123456789').expect(404);
    await fr('/fr/waitlist/not-an-id/').expect(404);
    await fr(`/de/waitlist/join/?rlid=${loc.rlid}`).expect(404);
    await request(t.app).get(`/fr/waitlist/join/?rlid=${loc.rlid}`).expect(404); // the US site has no French
  });

  it('books, shows, changes and cancels a table in French with 24-hour times', async () => {
    const loc = await montreal(t);
    const date = addDays(localNow(new Date(), loc.time_zone).date, 1);
    const form = await fr(`/fr/reservations/new/?rlid=${loc.rlid}&date=${date}&partySize=4`).expect(200);
    expect(form.text).to.include('Réserver une table');
    expect(form.text).to.include('/>19 h 00</label>');
    expect(form.text).to.not.include('/>7:00 PM</label>');
    expect(form.text).to.include(`action="/fr/reservations/new/?rlid=${loc.rlid}"`);
    expect(form.text).to.include('action="/fr/reservations/new/"');
    expect(form.headers['x-missing-translations']).to.equal(undefined);
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(form.text)?.[1];
    const booked = await post(
      `/fr/reservations/new/?rlid=${loc.rlid}`,
      {
        date,
        partySize: '4',
        time: '19:00',
        name: 'Émilie Tremblay',
        email: 'emilie@example.ca',
        idempotencyKey: key!,
      },
      303,
    );
    expect(booked.headers.location).to.match(/^\/fr\/reservations\/[A-Za-z0-9_-]{32}\/$/);
    const manage = await fr(booked.headers.location!).expect(200);
    expect(manage.text).to.include('Votre table est réservée');
    expect(manage.text).to.include('19 h 00');
    expect(manage.text).to.include(`action="${booked.headers.location!}cancel/"`);
    expect(manage.headers['x-missing-translations']).to.equal(undefined);
    const changed = await post(`${booked.headers.location!}change/`, { date, time: '20:00', partySize: '2' }, 303);
    expect(changed.headers.location).to.equal(booked.headers.location);
    expect((await fr(booked.headers.location!)).text).to.include('20 h 00');
    const badChange = await post(`${booked.headers.location!}change/`, { date, time: '20:07', partySize: '2' }, 400);
    expect(badChange.text).to.include('Veuillez choisir l’une des heures disponibles');
    expect(badChange.headers['x-missing-translations']).to.equal(undefined);
    const cancelled = await post(`${booked.headers.location!}cancel/`, {}, 303);
    expect(cancelled.headers.location).to.equal(booked.headers.location);
    const after = await fr(booked.headers.location!).expect(200);
    expect(after.text).to.include('Cette réservation est annulée');
  });

  it('keeps English without the prefix on the Canada site', async () => {
    const loc = await montreal(t);
    const form = await fr(`/waitlist/join/?rlid=${loc.rlid}`).expect(200);
    expect(form.text).to.include('lang="en-CA"');
    expect(form.text).to.include(`action="/waitlist/join/?rlid=${loc.rlid}"`);
    expect(form.text).to.match(new RegExp(`href="/fr/waitlist/join/\\?rlid=${loc.rlid}" hrefLang="fr-CA"`));
    // The prefixed mount never catches the JSON API routes registered after it.
    await fr('/api/forms/captcha/').expect(200);
  });

  it('links the French location buttons to the French pages', async () => {
    const res = await fr('/fr/locations/map/?q=Toronto%2C%20ON').expect(200);
    expect(res.text).to.match(/href="\/fr\/(waitlist\/join|reservations\/new)\/\?rlid=\d+"/);
    expect(res.text).to.not.match(/href="\/(waitlist\/join|reservations\/new)\/\?rlid=\d+"/);
  });

  it("sends the guest's messages in French with /fr/ links, and English ones for an English entry", async () => {
    const loc = await montreal(t);
    const joined = await post(
      `/fr/waitlist/join/?rlid=${loc.rlid}`,
      {
        partySize: '2',
        name: 'Luc Gagnon',
        phone: '514 555-0142',
        email: 'luc@example.ca',
      },
      303,
    );
    const date = addDays(localNow(new Date(), loc.time_zone).date, 2);
    const form = await fr(`/fr/reservations/new/?rlid=${loc.rlid}&date=${date}&partySize=2`).expect(200);
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(form.text)![1]!;
    const booked = await post(
      `/fr/reservations/new/?rlid=${loc.rlid}`,
      {
        date,
        partySize: '2',
        time: '19:00',
        name: 'Luc Gagnon',
        email: 'luc.resa@example.ca',
        idempotencyKey: key,
      },
      303,
    );
    const english = await post(
      `/waitlist/join/?rlid=${loc.rlid}`,
      { partySize: '2', name: 'Ann Smith', email: 'ann@example.ca' },
      303,
    );
    expect(english.headers.location).to.match(/^\/waitlist\//);

    await runDueJobs(
      t.db,
      waitlistJobHandlers({
        mailer: createMailer({ smtpUrl: undefined, dataDir: t.dataDir }),
        sms: createSmsSender({ dataDir: t.dataDir }),
      }),
      t.logger,
    );
    const mails = readdirSync(mailDirectory(t.dataDir)).map(
      (name) =>
        JSON.parse(readFileSync(join(mailDirectory(t.dataDir), name), 'utf8')) as {
          to: string;
          subject: string;
          text: string;
        },
    );
    const texts = readdirSync(smsDirectory(t.dataDir)).map(
      (name) => JSON.parse(readFileSync(join(smsDirectory(t.dataDir), name), 'utf8')) as { to: string; text: string },
    );
    const mailTo = (address: string) => mails.find((mail) => JSON.stringify(mail.to).includes(address));

    const joinMail = mailTo('luc@example.ca');
    expect(joinMail?.subject).to.match(/^Vous êtes sur la liste d’attente chez Harborline Seafood /);
    expect(joinMail!.text)
      .to.include('Bonjour Luc,')
      .and.include('Vous êtes numéro 1 dans la file pour 2.')
      .and.include(`/fr${joined.headers.location!.slice(3)}`);
    expect(joinMail!.text).to.include(`Suivez votre place ou annulez : http`);
    const sms = texts.find((message) => message.text.includes('Vous êtes numéro 1'));
    expect(sms, 'the French text message').to.not.equal(undefined);
    const bookMail = mailTo('luc.resa@example.ca');
    expect(bookMail?.subject).to.match(/^Votre table chez Harborline Seafood .* est confirmée$/);
    expect(bookMail!.text)
      .to.include(`Votre table pour 2 le ${date} à 19 h 00 est confirmée.`)
      .and.include(`${booked.headers.location!}`)
      .and.include('Consulter, modifier ou annuler : ');
    const annMail = mailTo('ann@example.ca');
    expect(annMail?.subject).to.match(/^You are on the wait list at Harborline Seafood /);
    expect(annMail!.text).to.include('Hello Ann,').and.include(english.headers.location!).and.not.include('/fr/');
  });
});
