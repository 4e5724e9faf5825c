/** One entry of `third-party-licences.json`, which the build writes beside the page. */
export interface LicenceNotice {
  name: string;
  version: string;
  license: string;
  repository: string | null;
  text: string | null;
}

/** Where the page finds the licence list (served beside index.html in both shells). */
export const licenceListUrl = './third-party-licences.json';

/** How many packages come under each licence, most common first (then by name). */
export function countByLicence(notices: readonly LicenceNotice[]): { license: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const notice of notices) counts.set(notice.license, (counts.get(notice.license) ?? 0) + 1);
  return [...counts].map(([license, count]) => ({ license, count })).sort((a, b) => b.count - a.count || a.license.localeCompare(b.license));
}

/** Reads the licence list; checks its shape, so a broken file shows as "unavailable", not as a crash. */
export async function loadLicenceList(fetchList: (url: string) => Promise<Response>): Promise<LicenceNotice[]> {
  const response = await fetchList(licenceListUrl);
  if (!response.ok) throw new Error(`licence list: HTTP ${response.status}`);
  const data: unknown = await response.json();
  const isNotice = (entry: unknown): entry is LicenceNotice =>
    typeof entry === 'object' && entry !== null && typeof (entry as LicenceNotice).name === 'string' && typeof (entry as LicenceNotice).license === 'string';
  if (!Array.isArray(data) || !data.every(isNotice)) throw new Error('licence list: unexpected content');
  return data;
}

/** The runtime line of the About view: Electron, Chromium and Node where present. */
export function runtimeLine(runtime: { electron: string | null; chrome: string | null; node: string }): string {
  return [runtime.electron && `Electron ${runtime.electron}`, runtime.chrome && `Chromium ${runtime.chrome}`, `Node.js ${runtime.node}`].filter(Boolean).join(' · ');
}
