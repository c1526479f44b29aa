import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { freePort } from '../../test/support/free-port.ts';
import { CLOUD, type ConfluenceEmulator, startConfluenceEmulator } from './index.ts';

// The emulator's answers checked against a published description of Confluence's APIs: the zod
// models of confluence.js (a maintained client covering REST v2 and v1), made strict — every key the
// emulator sends must be one the models document — by the package's own audit switch, which is read
// when the models are built, so it is set before they are imported.
process.env.AUDIT_SCHEMAS = 'true';
const v2 = await import('confluence.js/v2');
const v1 = await import('confluence.js/v1');

const AUTH = `Basic ${Buffer.from('me@example.com:token').toString('base64')}`;
let wiki: ConfluenceEmulator;
let pageId: string;
let childId: string;

async function call(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${wiki.url}${path}`, {
    method,
    headers: { Authorization: AUTH, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, `${method} ${path}`).toBe(200);
  return response.json();
}

/**
 * Checks a response against a model. `metadata.properties.<key>` is keyed by the property asked
 * for, which no fixed model can list: only that one kind of issue is let through.
 */
function conforms(schema: ZodType, value: unknown): void {
  const result = schema.safeParse(value);
  const issues = result.success
    ? []
    : result.error.issues.filter(
        (issue) =>
          !(issue.code === 'unrecognized_keys' && issue.path.join('.').endsWith('metadata.properties')),
      );
  expect(issues).toEqual([]);
}

beforeAll(async () => {
  wiki = await startConfluenceEmulator({
    ...CLOUD,
    port: await freePort(),
    users: { 'me@example.com': 'token' },
  });
  const space = wiki.addSpace('DOCS', 'Documentation');
  pageId = wiki.addPage({ space: 'DOCS', title: 'Parent', parentId: space.homepageId }).id;
  childId = wiki.addPage({ space: 'DOCS', title: 'Child', parentId: pageId, body: '<p>x</p>' }).id;
  wiki.state.addAttachment(childId, 'a.png', 'image/png', 'wiki-publish sha1:00', Buffer.from('png'));
  wiki.state.pages.get(childId)?.labels.push('setup');
  wiki.state.setProperty(childId, 'k', { a: 1 });
});
afterAll(() => wiki.close());

describe('the emulated REST v2 answers as the v2 models describe', () => {
  it('spaces, pages, a page, ancestors, descendants, children', async () => {
    conforms(v2.SpacesSchema, await call('GET', '/api/v2/spaces?keys=DOCS'));
    conforms(v2.PagesSchema, await call('GET', `/api/v2/pages?id=${childId}&body-format=storage`));
    conforms(v2.PageSchema, await call('GET', `/api/v2/pages/${childId}?body-format=storage`));
    conforms(v2.PageAncestorsSchema, await call('GET', `/api/v2/pages/${childId}/ancestors`));
    conforms(v2.PageDescendantsSchema, await call('GET', `/api/v2/pages/${pageId}/descendants`));
    conforms(v2.ChildPagesSchema, await call('GET', `/api/v2/pages/${pageId}/children`));
  });

  it('attachments, labels, content properties', async () => {
    conforms(v2.PageAttachmentsSchema, await call('GET', `/api/v2/pages/${childId}/attachments`));
    conforms(v2.PageLabelsSchema, await call('GET', `/api/v2/pages/${childId}/labels`));
    const created = await call('POST', `/api/v2/pages/${childId}/properties`, { key: 'k2', value: { a: 1 } });
    conforms(v2.ContentPropertySchema, created);
    conforms(v2.PageContentPropertiesSchema, await call('GET', `/api/v2/pages/${childId}/properties?key=k`));
  });

  it('create and update', async () => {
    const spaceId = wiki.state.space('DOCS').id;
    const body = { representation: 'storage', value: '<p>new</p>' };
    const created = (await call('POST', '/api/v2/pages', {
      spaceId,
      title: 'New',
      parentId: pageId,
      body,
    })) as {
      id: string;
    };
    conforms(v2.PageSchema, created);
    const update = {
      id: created.id,
      status: 'current',
      title: 'New',
      spaceId,
      parentId: pageId,
      body,
      version: { number: 2, message: 'm' },
    };
    conforms(v2.PageSchema, await call('PUT', `/api/v2/pages/${created.id}`, update));
  });
});

describe('the emulated REST v1 answers as the v1 models describe', () => {
  it('space, content lists, content, properties, labels, attachments', async () => {
    conforms(v1.SpaceSchema, await call('GET', '/rest/api/space/DOCS?expand=homepage'));
    const expand = 'version,ancestors,body.storage,metadata.labels,metadata.properties.k';
    conforms(
      v1.ContentArraySchema,
      await call('GET', `/rest/api/content?spaceKey=DOCS&title=Child&expand=${expand}`),
    );
    conforms(
      v1.ContentArraySchema,
      await call(
        'GET',
        `/rest/api/content/search?cql=ancestor%20%3D%20${pageId}&expand=${expand},children.attachment.version,children.attachment.metadata`,
      ),
    );
    conforms(v1.ContentSchema, await call('GET', `/rest/api/content/${childId}?expand=${expand}`));
    conforms(v1.ContentPropertySchema, await call('GET', `/rest/api/content/${childId}/property/k`));
    conforms(v1.LabelArraySchema, await call('GET', `/rest/api/content/${childId}/label`));
    conforms(
      v1.ContentArraySchema,
      await call('GET', `/rest/api/content/${childId}/child/attachment?expand=version,metadata`),
    );
  });
});
