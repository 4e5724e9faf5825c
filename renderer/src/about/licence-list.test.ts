import { describe, expect, it } from 'vitest';
import { aboutEn, aboutZhCN } from './about-text';
import { countByLicence, loadLicenceList, runtimeLine, type LicenceNotice } from './licence-list';

const notice = (name: string, license: string): LicenceNotice => ({ name, version: '1.0.0', license, repository: null, text: null });

describe('About view helpers', () => {
  it('counts packages per licence, most common first', () => {
    expect(countByLicence([notice('a', 'MIT'), notice('b', 'ISC'), notice('c', 'MIT'), notice('d', 'Apache-2.0')])).toEqual([
      { license: 'MIT', count: 2 },
      { license: 'Apache-2.0', count: 1 },
      { license: 'ISC', count: 1 },
    ]);
  });

  it('loads the list and refuses a broken one', async () => {
    const answer = (body: unknown, status = 200) => () => Promise.resolve(new Response(JSON.stringify(body), { status }));
    await expect(loadLicenceList(answer([notice('react', 'MIT')]))).resolves.toEqual([notice('react', 'MIT')]);
    await expect(loadLicenceList(answer({ not: 'a list' }))).rejects.toThrow(/unexpected content/);
    await expect(loadLicenceList(answer([], 404))).rejects.toThrow(/HTTP 404/);
  });

  it('names the runtimes that are there', () => {
    expect(runtimeLine({ electron: '45.4.1', chrome: '140.0.7339.41', node: '22.20.0' })).toBe('Electron 45.4.1 · Chromium 140.0.7339.41 · Node.js 22.20.0');
    expect(runtimeLine({ electron: null, chrome: null, node: '22.23.3' })).toBe('Node.js 22.23.3');
  });

  it('has the same strings in Chinese and English, none empty', () => {
    expect(Object.keys(aboutZhCN).sort()).toEqual(Object.keys(aboutEn).sort());
    for (const text of [...Object.values(aboutEn), ...Object.values(aboutZhCN)]) expect(text).not.toBe('');
  });
});
