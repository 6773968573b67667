import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildZip, type ZipEntrySpec } from '../../tests/support/zip-builder';
import { openPack, PackFormatError, ZIP_LIMITS } from './challenges-pack';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'gg-zip-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

let counter = 0;
async function zipPath(specs: ZipEntrySpec[]) {
  const file = path.join(dir, `${++counter}.zip`);
  await writeFile(file, buildZip(specs));
  return file;
}

async function refusal(promise: Promise<unknown>): Promise<string[]> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PackFormatError);
  return (error as PackFormatError).problems;
}

describe('zip packs are distrusted', () => {
  it('reads a well-formed zip entry by entry, stored or deflated', async () => {
    const pack = await openPack(
      await zipPath([
        { name: 'pack/manifest.json', data: '[]' },
        { name: 'pack/images/a.txt', data: 'x'.repeat(5000), deflate: true },
      ]),
    );
    expect((await pack.read('manifest.json'))?.toString()).toBe('[]');
    expect((await pack.read('images/a.txt'))?.length).toBe(5000);
    expect(await pack.read('../pack/manifest.json')).toBeNull();
    pack.close();
  });

  it('refuses entries whose paths leave the pack, listing each one', async () => {
    const problems = await refusal(
      openPack(
        await zipPath([
          { name: 'manifest.json', data: '[]' },
          { name: '../evil.png', data: 'x' },
          { name: 'images/../../also-evil.png', data: 'x' },
          { name: '/etc/passwd', data: 'x' },
        ]),
      ),
    );
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/"\.\.\/evil\.png" has a path leaving the pack/);
    expect(problems.join('\n')).toMatch(/"\/etc\/passwd"/);
  });

  it('refuses zip bombs from the central directory, before inflating anything', async () => {
    const zeros = Buffer.alloc(ZIP_LIMITS.maxEntryBytes + 1);
    const huge = await refusal(
      openPack(
        await zipPath([
          { name: 'manifest.json', data: '[]' },
          { name: 'big.png', data: zeros, deflate: true },
        ]),
      ),
    );
    expect(huge.join()).toMatch(/big\.png" is \d+ MB unpacked/);

    const ratio = await refusal(
      openPack(
        await zipPath([
          { name: 'manifest.json', data: '[]' },
          { name: 'zeros.png', data: Buffer.alloc(4 * 1024 * 1024), deflate: true },
        ]),
      ),
    );
    expect(ratio.join()).toMatch(/unpacks \d+× larger than it is packed/);
  });

  it('refuses a zip that holds too many entries', async () => {
    const specs = Array.from({ length: ZIP_LIMITS.maxEntries + 1 }, (_, n) => ({ name: `f${n}`, data: '' }));
    expect((await refusal(openPack(await zipPath(specs)))).join()).toMatch(/more than 10000 entries/);
  });

  it('stops an entry that inflates beyond the size it declares', async () => {
    const pack = await openPack(
      await zipPath([
        { name: 'manifest.json', data: '[]' },
        { name: 'liar.png', data: 'y'.repeat(200_000), deflate: true, declaredSize: 1000 },
      ]),
    );
    expect((await refusal(pack.read('liar.png'))).join()).toMatch(/does not match its declared size/);
    pack.close();
  });

  it('refuses a file that is not a zip', async () => {
    const file = path.join(dir, 'not.zip');
    await writeFile(file, 'PK definitely not');
    expect((await refusal(openPack(file))).join()).toMatch(/not a readable zip file/);
  });
});
