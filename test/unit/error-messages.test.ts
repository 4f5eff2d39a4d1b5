import { expect } from 'chai';
import * as z from 'zod';
import { humanMessage, installHumanErrorMessages } from '../../shared/schemas/error-messages';
import { describeValuePath, foldChooserErrors } from '../../server/modules/admin/pages/edit/block-error-summary';
import { shownSubmissionKeys, submissionFieldLabel, submissionValueText } from '../../shared/forms/submission-fields';

installHumanErrorMessages();

/** The first message zod gives for a value. */
const messageOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected a failed parse');
  return parsed.error.issues[0]!.message;
};

describe('validation messages written for people', () => {
  it('replaces zod’s own phrases for every common check', () => {
    expect(messageOf(z.string().min(1), '')).to.equal('This field is required.');
    expect(messageOf(z.string().min(3), 'ab')).to.equal('Enter at least 3 characters.');
    expect(messageOf(z.string().max(5), 'abcdefg')).to.equal('Enter at most 5 characters.');
    expect(messageOf(z.string().max(1), 'ab')).to.equal('Enter at most 1 character.');
    expect(messageOf(z.object({ title: z.string() }), {})).to.equal('This field is required.');
    expect(messageOf(z.number(), 'x')).to.equal('Enter a number.');
    expect(messageOf(z.number().int(), 1.5)).to.equal('Enter a whole number.');
    expect(messageOf(z.number().min(2), 1)).to.equal('Enter a number of at least 2.');
    expect(messageOf(z.number().max(10), 11)).to.equal('Enter a number no greater than 10.');
    expect(messageOf(z.email(), 'nope')).to.equal('Enter a valid e-mail address.');
    expect(messageOf(z.url(), 'nope')).to.equal('Enter a valid web address, such as https://example.com/.');
    expect(messageOf(z.enum(['a', 'b']), 'c')).to.equal('Select a valid choice.');
    expect(messageOf(z.array(z.string()).min(1), [])).to.equal('Add at least one.');
    expect(messageOf(z.array(z.string()).max(2), ['a', 'b', 'c'])).to.equal('Add at most 2.');
    expect(messageOf(z.boolean(), 'yes')).to.equal('Choose yes or no.');
    expect(messageOf(z.strictObject({}), { extra: 1 })).to.equal('Unexpected field: extra.');
    expect(messageOf(z.string().regex(/^a/), 'b')).to.equal('Enter a valid value.');
  });

  it("keeps a schema's own message", () => {
    expect(messageOf(z.string().min(1, 'Enter a title.'), '')).to.equal('Enter a title.');
  });

  it('never says what zod says by default', () => {
    const schemas: Array<[z.ZodType, unknown]> = [
      [z.string().min(1), ''],
      [z.string().max(1), 'abc'],
      [z.number().min(1), 0],
      [z.literal('x'), 'y'],
      [z.union([z.string(), z.number()]), null],
      [z.iso.date(), '2026-13-01'],
      [z.object({ a: z.object({ b: z.string() }) }), { a: {} }],
    ];
    for (const [schema, value] of schemas)
      expect(messageOf(schema, value)).not.to.match(/Too small|Too big|Invalid input|expected|>=|<=/);
    expect(humanMessage({ code: 'custom', input: 1, path: [] } as never)).to.equal('Enter a valid value.');
  });
});

describe('block errors in the editor’s words', () => {
  const imageLink = {
    label: 'Image link',
    fields: { image: { label: 'Image', widget: 'image_chooser' }, link: { label: 'Link', widget: 'link' } },
  };

  it('says a path inside a block by its labels and stops at a chooser', () => {
    expect(
      describeValuePath(['image', 'renditions', '0', 'url'], imageLink.fields, 'Enter a valid value.'),
    ).to.deep.equal({
      field: 'Image',
      message: 'Choose an image.',
    });
    expect(describeValuePath(['link', 'url'], imageLink.fields, 'This field is required.')).to.deep.equal({
      field: 'Link, URL',
      message: 'This field is required.',
    });
    expect(describeValuePath(['items', '1', 'title'], {}, 'x').field).to.equal('Items, item 2, Title');
  });

  it('folds four errors inside a chosen image into one on the chooser', () => {
    const folded = foldChooserErrors(
      [{ name: 'body', label: 'Body' }],
      { body: [{ id: 'b1', type: 'image_link', value: {} }] },
      {
        'body.0.value.image.renditions.0.url': 'Enter a valid value.',
        'body.0.value.image.renditions.0.width': 'Enter a number.',
        'body.0.value.image.alt': 'This field is required.',
        'body.0.value.link.url': 'This field is required.',
      },
      new Map([['image_link', imageLink]]),
    );
    expect(folded).to.deep.equal({
      'body.0.value.image': 'Choose an image.',
      'body.0.value.link.url': 'This field is required.',
    });
  });
});

describe('form submissions under their labels', () => {
  it('shows labels, leaves out codes whose words are stored, and puts values in words', () => {
    const data = {
      question_category: 'feedback',
      question_category_label: 'Feedback',
      topic: 'feedback/food',
      topic_label: 'Food quality',
      terms: true,
      occasions: [{ occasion: 'birthday', relationship: 'partner', month: 3, day: 14 }],
      favourite_dish: 'Chowder',
    };
    expect(shownSubmissionKeys(data).map(submissionFieldLabel)).to.deep.equal([
      'Category',
      'Topic',
      'Accepted the terms',
      'Occasions',
      'Favourite dish',
    ]);
    expect(submissionValueText('terms', true)).to.equal('Yes');
    expect(submissionValueText('occasions', data.occasions)).to.equal('Birthday (Spouse or partner), 3/14');
    // A code without its words is still shown, under the same label.
    expect(shownSubmissionKeys({ topic: 'x' })).to.deep.equal(['topic']);
  });
});
