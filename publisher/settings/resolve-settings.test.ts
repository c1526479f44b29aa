import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveSettings } from './resolve-settings.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wiki-settings-'));
  await mkdir(path.join(dir, 'docs'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function site(yaml: string): Promise<string> {
  await writeFile(path.join(dir, 'mkdocs.yml'), yaml);
  return dir;
}

describe('resolveSettings', () => {
  it('reads the wiki-publish plugin block, docs_dir and nav, and applies the defaults', async () => {
    const root = await site(
      'site_name: S\nnav:\n  - index.md\nplugins:\n  - search\n  - wiki-publish:\n      host_url: https://wiki.example.com/wiki\n      space: DOCS\n      timeout: 12\n',
    );
    const { config, site: found } = await resolveSettings({ site: root }, {}, 'flag');
    expect(config).toMatchObject({
      hostUrl: 'https://wiki.example.com/wiki',
      space: 'DOCS',
      timeout: 12,
      retries: 5,
      concurrency: 4,
      dryRun: false,
    });
    expect(found.docsDir).toBe(path.join(dir, 'docs'));
    expect(found.nav).toEqual(['index.md']);
  });

  it('reads the settings under extra.wiki_publish, which MkDocs ignores', async () => {
    const root = await site(
      'site_name: S\nextra:\n  analytics: {}\n  wiki_publish:\n    space: DOCS\n    timeout: 7\n',
    );
    const { config } = await resolveSettings({ site: root }, {}, 'flag');
    expect(config).toMatchObject({ space: 'DOCS', timeout: 7 });
  });

  it('refuses settings given both under extra.wiki_publish and as a plugin block', async () => {
    const root = await site(
      'extra:\n  wiki_publish:\n    space: DOCS\nplugins:\n  - wiki-publish:\n      space: OTHER\n',
    );
    await expect(resolveSettings({ site: root }, {}, 'flag')).rejects.toThrow(
      /both under extra.wiki_publish and under plugins/,
    );
  });

  it('lets flags override the file', async () => {
    const root = await site('plugins:\n  - wiki-publish:\n      space: DOCS\n      timeout: 12\n');
    const { config } = await resolveSettings({ site: root, space: 'OTHER', timeout: 3 }, {}, 'flag');
    expect(config.space).toBe('OTHER');
    expect(config.timeout).toBe(3);
  });

  it('resolves !ENV tags, typed like YAML, with defaults', async () => {
    const root = await site(
      'plugins:\n  - wiki-publish:\n      host_url: !ENV WIKI_URL\n      retries: !ENV [WIKI_RETRIES, 2]\n      dry_run: !ENV [UNSET_VAR, false]\n',
    );
    const { config } = await resolveSettings(
      { site: root },
      { WIKI_URL: 'https://w.example.com', WIKI_RETRIES: '7' },
      'flag',
    );
    expect(config).toMatchObject({ hostUrl: 'https://w.example.com', retries: 7, dryRun: false });
  });

  it('names unknown settings, credentials in the file and bad values precisely', async () => {
    await expect(
      resolveSettings({ site: await site('plugins:\n  - wiki-publish:\n      spcae: X\n') }, {}, 'flag'),
    ).rejects.toThrow(/unknown setting spcae/);
    await expect(
      resolveSettings({ site: await site('plugins:\n  - wiki-publish:\n      password: x\n') }, {}, 'flag'),
    ).rejects.toThrow(/only from the environment/);
    await expect(
      resolveSettings({ site: await site('plugins:\n  - wiki-publish:\n      timeout: -1\n') }, {}, 'flag'),
    ).rejects.toThrow(/invalid setting timeout \(mkdocs\.yml\)/);
    await expect(
      resolveSettings({ site: await site('plugins: []\n'), concurrency: 0 }, {}, 'flag'),
    ).rejects.toThrow(/invalid setting --concurrency/);
    await expect(resolveSettings({ site: await site('a: [\n') }, {}, 'flag')).rejects.toThrow(
      /is not valid YAML/,
    );
  });

  it('takes a folder without mkdocs.yml as a bare docs folder, and reports a missing site', async () => {
    const { site: found } = await resolveSettings({ site: path.join(dir, 'docs') }, {}, 'flag');
    expect(found).toEqual({ docsDir: path.join(dir, 'docs'), settings: {} });
    await expect(resolveSettings({ site: path.join(dir, 'nope') }, {}, 'flag')).rejects.toMatchObject({
      code: 'site_invalid',
    });
  });
});
