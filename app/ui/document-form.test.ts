import { describe, expect, it } from 'vitest';
import { DatabaseError } from '../db/index.ts';
import { MAX_CONTENT_BYTES, ServiceError } from '../services/index.ts';
import { readDocumentForm } from './document-form.ts';
import { fieldFailure } from './form-input.ts';

describe('reading the document form', () => {
  it('gives the services their input: name trimmed, line breaks as LF, folder and visibility as sent', () => {
    const reading = readDocumentForm({
      name: '  Plan ',
      content: 'a\r\nb\rc',
      folder_id: '12',
      visibility: 'public',
    });
    expect(reading.errors).toEqual({});
    expect(reading.input).toEqual({ name: 'Plan', content: 'a\nb\nc', folderId: 12, isPublic: true });
    expect(readDocumentForm({ name: 'Plan', content: '', folder_id: '' }).input).toEqual({
      name: 'Plan',
      content: '',
      folderId: null,
    });
  });

  it('leaves out what the page did not offer, so those stay as they are', () => {
    const reading = readDocumentForm(
      { name: 'Plan', content: 'x', revision: '4' },
      { folder_id: '3', visibility: 'public', revision: '7' },
    );
    expect(reading.input).toEqual({ name: 'Plan', content: 'x', expectedRevision: 4 });
    expect(reading.values).toMatchObject({ folder_id: '3', visibility: 'public', revision: '4' });
  });

  it('saves an edit form without a valid revision as made from none that can be current', () => {
    for (const revision of [undefined, '', 'x', '0', '99999999999', '2147483648']) {
      const body =
        revision === undefined ? { name: 'Plan', content: 'x' } : { name: 'Plan', content: 'x', revision };
      const reading = readDocumentForm(body, { folder_id: '', visibility: 'private', revision: '7' });
      expect(reading.input?.expectedRevision, String(revision)).toBe(0);
    }
    // A new document's form has no revision to check.
    expect(readDocumentForm({ name: 'Plan', content: 'x', revision: '3' }).input).toEqual({
      name: 'Plan',
      content: 'x',
    });
  });

  it("refuses what the services' schemas refuse, naming each field and keeping what was typed", () => {
    const reading = readDocumentForm({
      name: ' ',
      content: `${'é'.repeat(MAX_CONTENT_BYTES / 2)}!`,
      folder_id: '0',
      visibility: 'everyone',
    });
    expect(reading.input).toBeUndefined();
    expect(reading.errors).toEqual({
      name: 'Enter a name',
      content: `must be at most ${MAX_CONTENT_BYTES} bytes`,
      folder_id: 'Choose one of the listed folders',
      visibility: 'Choose private or public',
    });
    expect(reading.values.name).toBe(' ');
    expect(readDocumentForm({ name: 'a\u0007b', content: '' }).errors).toEqual({
      name: 'must not contain control characters',
    });
    expect(readDocumentForm({ name: 'x'.repeat(256), content: '' }).errors.name).toBe(
      'must be 1 to 255 characters long',
    );
    expect(
      readDocumentForm({ name: 'Plan', content: '', folder_id: '99999999999' }).errors.folder_id,
    ).toBeDefined();
  });

  it('reads a file upload in place of a text field as a missing field', () => {
    const reading = readDocumentForm({ name: new File(['x'], 'x.txt'), content: 'x' });
    expect(reading.errors).toEqual({ name: 'Enter a name' });
  });
});

describe('errors of the services next to their field', () => {
  const fields = { folder_id: 'folder_id', email: 'email' };

  it('maps invalid, not found and conflict to the field and the status the JSON API gives', () => {
    expect(
      fieldFailure(new ServiceError('not_found', 'Folder not found', { field: 'folder_id' }), fields),
    ).toEqual({
      field: 'folder_id',
      message: 'Folder not found',
      code: 'not_found',
      status: 404,
    });
    expect(fieldFailure(new ServiceError('invalid', 'bad', { field: 'email' }), fields)?.status).toBe(400);
    expect(
      fieldFailure(new DatabaseError('missing_reference', 'gone', { field: 'folder_id' }), fields)?.status,
    ).toBe(404);
    expect(fieldFailure(new ServiceError('conflict', 'already shared'), fields, 'email')).toMatchObject({
      field: 'email',
      status: 409,
    });
  });

  it('leaves everything else to the error pages', () => {
    expect(
      fieldFailure(new ServiceError('forbidden', 'Access denied: webapp.check'), fields),
    ).toBeUndefined();
    expect(
      fieldFailure(new ServiceError('not_found', 'Document not found'), fields, 'email'),
    ).toBeUndefined();
    expect(fieldFailure(new ServiceError('invalid', 'x', { field: 'owner_id' }), fields)).toBeUndefined();
    expect(fieldFailure(new DatabaseError('unavailable', 'down'), fields)).toBeUndefined();
    expect(fieldFailure(new Error('boom'), fields)).toBeUndefined();
  });
});
