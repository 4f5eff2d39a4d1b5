import { expect } from 'chai';
import * as z from 'zod';
import { HttpError } from '../../server/errors';
import { fieldMessages, formErrors, invalid, NON_FIELD, parseOr400 } from '../../server/http/validate';

const failure = (schema: z.ZodType, value: unknown): z.ZodError => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected the value to fail');
  return parsed.error;
};

describe('validation helper (server/http/validate.ts)', () => {
  const query = z.strictObject({
    latitude: z.coerce.number({ error: 'Enter a latitude.' }).min(-90, 'Too far south.').max(90, 'Too far north.'),
    limit: z.coerce.number().int('Enter a whole number.').min(1, 'At least 1.').default(10),
  });

  it('parseOr400 returns the parsed value, or throws a 400 HttpError with every field message', () => {
    expect(parseOr400(query, { latitude: '28.5' })).to.deep.equal({ latitude: 28.5, limit: 10 });
    let thrown: unknown;
    try {
      parseOr400(query, { latitude: '91', limit: '0.5' }, 'query');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).to.be.instanceOf(HttpError);
    const error = thrown as HttpError;
    expect(error.status).to.equal(400);
    expect(error.code).to.equal('bad_request');
    // The sentence carries the messages too: an HTML error page shows only the sentence.
    expect(error.message).to.equal('The query is not valid: Too far north. Enter a whole number.');
    expect({ ...error.fields }).to.deep.equal({ latitude: ['Too far north.'], limit: ['Enter a whole number.'] });
  });

  it('names each unknown key, and puts errors about the whole value under the non-field key', () => {
    const fields = fieldMessages(failure(query, { latitude: '1', colour: 'red', size: 'xl' }));
    expect(Object.keys(fields)).to.deep.equal(['colour', 'size']);
    expect(fields.colour![0]).to.match(/colour/);
    const whole = fieldMessages(failure(z.string('Send text.'), 42));
    expect({ ...whole }).to.deep.equal({ [NON_FIELD]: ['Send text.'] });
    const nested = fieldMessages(
      failure(z.object({ update_attrs: z.object({ title: z.string().min(1, 'Required.') }) }), {
        update_attrs: { title: '' },
      }),
    );
    expect(Object.keys(nested)).to.deep.equal(['update_attrs.title']);
  });

  it('never trips over keys named like Object.prototype members', () => {
    const hostile = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];
    // A schema may report issues under keys the user chose (a record, a refinement).
    const record = z.unknown().superRefine((_value, ctx) => {
      for (const key of hostile) ctx.addIssue({ code: 'custom', path: [key], message: 'Enter a number.' });
    });
    const value = {};
    const fields = fieldMessages(failure(record, value));
    expect(Object.keys(fields).sort()).to.deep.equal([...hostile].sort());
    for (const key of hostile) expect(fields[key]).to.deep.equal(['Enter a number.']);
    expect(Object.getPrototypeOf(fields)).to.equal(null);
    // An unknown query parameter of that name is just an unknown parameter.
    const strict = z.strictObject({ q: z.string().optional() });
    const unknown = fieldMessages(
      failure(strict, JSON.parse('{"__proto__": "1", "constructor": "2", "toString": "3"}') as unknown),
    );
    expect(Object.keys(unknown).sort()).to.deep.equal(['__proto__', 'constructor', 'toString']);
    expect(() => invalid(failure(strict, { toString: 'x' }), 'query')).to.not.throw();

    // The form side: a shown field named like a prototype member starts empty, and others go above the form.
    const form = z.object({
      constructor: z.string().min(1, 'Fill this in.'),
      toString: z.string().min(1, 'And this.'),
    });
    const errors = formErrors(failure(form, { constructor: '', toString: '' }), ['constructor', 'toString']);
    expect(errors.fieldErrors.constructor).to.equal('Fill this in.');
    expect(errors.fieldErrors.toString).to.equal('And this.');
    const notShown = formErrors(failure(record, value), ['title']);
    expect(Object.keys(notShown.fieldErrors)).to.deep.equal([]);
    expect(notShown.nonFieldErrors).to.deep.equal(['Enter a number.']);
    const shownHostile = formErrors(failure(record, value), hostile);
    expect(Object.keys(shownHostile.fieldErrors).sort()).to.deep.equal([...hostile].sort());
    const fromService = formErrors(
      new HttpError(
        400,
        'bad_request',
        'No.',
        JSON.parse('{"__proto__": ["Bad."], "name": ["Taken."]}') as Record<string, string[]>,
      ),
      ['name'],
    );
    expect({ ...fromService.fieldErrors }).to.deep.equal({ name: 'Taken.' });
    expect(fromService.nonFieldErrors).to.deep.equal(['Bad.']);
  });

  it('formErrors keeps the first message of each shown field and gathers the rest as non-field errors', () => {
    const schema = z
      .object({
        password1: z.string().min(8, 'Too short.').regex(/\d/, 'Add a digit.'),
        password2: z.string(),
        terms: z.literal('on', { error: 'Accept the terms.' }),
      })
      .refine((form) => form.password1 === form.password2, { message: "The passwords don't match." });
    const errors = formErrors(failure(schema, { password1: 'abc', password2: 'abd' }), ['password1', 'password2']);
    expect({ ...errors.fieldErrors }).to.deep.equal({ password1: 'Too short.' });
    // 'terms' has no input on this screen and the refinement is about the whole form: neither is lost.
    expect(errors.nonFieldErrors).to.deep.equal(['Accept the terms.']);
    const whole = formErrors(failure(schema, { password1: 'abcdefg1', password2: 'x', terms: 'on' }), [
      'password1',
      'password2',
    ]);
    expect(whole.nonFieldErrors).to.deep.equal(["The passwords don't match."]);
  });

  it('formErrors reads a service refusal: field messages where the form has the field, else its message', () => {
    const withFields = formErrors(
      new HttpError(400, 'invalid_page', 'Not saved.', {
        slug: ['Taken.', 'Also too long.'],
        'body.0.value.text': ['Required.'],
      }),
      ['title', 'slug'],
    );
    expect({ ...withFields.fieldErrors }).to.deep.equal({ slug: 'Taken.' });
    expect(withFields.nonFieldErrors).to.deep.equal(['Required.']);
    const plain = formErrors(new HttpError(423, 'page_locked', 'This page is locked by Ana.'), ['title']);
    expect({ ...plain.fieldErrors }).to.deep.equal({});
    expect(plain.nonFieldErrors).to.deep.equal(['This page is locked by Ana.']);
  });
});
