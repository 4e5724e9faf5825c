import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Makes a CA and a server certificate for `names` with openssl in `folder`: the CA's PEM (what a
 * desk trusts), and the server's certificate and key (what a test server serves).
 */
export function makeTestCertificates(folder: string, names: readonly string[]): { rootCertificateFile: string; certificateFile: string; keyFile: string } {
  const file = (name: string) => join(folder, name);
  const openssl = (args: string[]) => {
    const result = spawnSync('openssl', args, { encoding: 'utf8' });
    if (result.error !== undefined || result.status !== 0) throw new Error(`openssl ${args[0] ?? ''} failed (run bash scripts/prepare-test-machine.sh):\n${result.error?.message ?? result.stderr}`);
  };
  const newKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(['req', '-x509', ...newKey, '-keyout', file('ca.key'), '-out', file('ca.crt'), '-days', '2', '-subj', '/CN=Waybill Station test CA', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign']);
  openssl(['req', ...newKey, '-keyout', file('server.key'), '-out', file('server.csr'), '-subj', `/CN=${names[0] ?? 'localhost'}`]);
  const subjectAltName = names.map((name) => (/^[\d.]+$|:/.test(name) ? `IP:${name}` : `DNS:${name}`)).join(',');
  writeFileSync(file('server.ext'), `subjectAltName=${subjectAltName}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n`);
  openssl(['x509', '-req', '-in', file('server.csr'), '-CA', file('ca.crt'), '-CAkey', file('ca.key'), '-CAcreateserial', '-out', file('server.crt'), '-days', '2', '-extfile', file('server.ext')]);
  return { rootCertificateFile: file('ca.crt'), certificateFile: file('server.crt'), keyFile: file('server.key') };
}
