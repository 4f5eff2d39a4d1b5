import { expect } from 'chai';
import * as z from 'zod';
import { emptyValue, type JsonSchema } from '../../client/admin/editor/json-schema';
import { blockSchemas } from '../../views/blocks/schemas';

/** Every place in a value where something chosen from a library (an image, a video) sits. */
function libraryValues(value: unknown, path: string, found: string[]): string[] {
  if (Array.isArray(value)) value.forEach((item, index) => libraryValues(item, `${path}.${index}`, found));
  else if (typeof value === 'object' && value !== null) {
    if ('renditions' in value || 'sources' in value) found.push(path);
    for (const [key, child] of Object.entries(value)) libraryValues(child, `${path}.${key}`, found);
  }
  return found;
}

describe('a new block in the editor', () => {
  it('starts with no image or video chosen (no hollow placeholder that fails on save)', () => {
    const filled: string[] = [];
    for (const definition of blockSchemas.values()) {
      const schema = z.toJSONSchema(definition.schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
      libraryValues(emptyValue(schema), definition.type, filled);
    }
    expect(filled).to.deep.equal([]);
  });

  it('marks every image with the image chooser, so each image field is chosen from the library', () => {
    const schema = z.toJSONSchema(blockSchemas.get('feature_image')!.schema, { io: 'input' }) as JsonSchema;
    expect(schema.properties!.image!['x-widget']).to.equal('image_chooser');
    expect(emptyValue(schema)).to.deep.equal({ caption: '' });
  });
});
