/**
 * Test certificates, generated at test time with the `openssl` CLI (nothing
 * secret is checked in) and cached per process. All leaves share one RSA key:
 * the tests judge certificates, not keys.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface KeyPair {
  readonly key: string;
  readonly cert: string;
}

export interface TestCerts {
  /** The test CA certificate (pass it as `ca`). */
  readonly ca: string;
  /** CA-signed leaf for 127.0.0.1, ::1 and localhost. */
  readonly leaf: KeyPair;
  /** Self-signed leaf for 127.0.0.1 and localhost. */
  readonly selfSigned: KeyPair;
  /** CA-signed leaf for 127.0.0.1 and localhost, valid 2020-01-01 … 2021-01-01. */
  readonly expired: KeyPair;
  /** CA-signed leaf for 127.0.0.1 and localhost that expires in 5 days. */
  readonly expiringSoon: KeyPair;
  /** CA-signed leaf for `wrong.example` only. */
  readonly wrongHost: KeyPair;
}

const SAN_LOCAL = 'IP:127.0.0.1,IP:::1,DNS:localhost';

let cached: TestCerts | undefined;

/** Runs `openssl` with space-separated arguments (none of ours contains a space). */
function openssl(cwd: string, args: string): void {
  execFileSync('openssl', args.trim().split(/\s+/), { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

export function testCerts(): TestCerts {
  if (cached) return cached;
  const dir = mkdtempSync(join(tmpdir(), 'mcpp-certs-'));
  try {
    const read = (f: string) => readFileSync(join(dir, f), 'utf8');
    openssl(dir, 'genrsa -out ca.key 2048');
    openssl(dir, 'genrsa -out leaf.key 2048');
    openssl(
      dir,
      `req -x509 -new -key ca.key -sha256 -days 3650 -subj /CN=mcp-posture-test-CA
       -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign -out ca.pem`,
    );
    openssl(dir, 'req -new -key leaf.key -subj /CN=localhost -out leaf.csr');

    // `openssl x509 -req` cannot backdate in OpenSSL 3.0; `openssl ca` can, with a throwaway database.
    writeFileSync(join(dir, 'index.txt'), '');
    writeFileSync(join(dir, 'serial'), '1000\n');
    writeFileSync(
      join(dir, 'ca.cnf'),
      [
        '[ca]',
        'default_ca = test',
        '[test]',
        `dir = ${dir}`,
        'database = $dir/index.txt',
        'serial = $dir/serial',
        'new_certs_dir = $dir',
        'certificate = $dir/ca.pem',
        'private_key = $dir/ca.key',
        'default_md = sha256',
        'policy = any',
        'unique_subject = no',
        'copy_extensions = none',
        '[any]',
        'commonName = supplied',
        '[local]',
        `subjectAltName = ${SAN_LOCAL}`,
        'basicConstraints = CA:FALSE',
        '[wrong]',
        'subjectAltName = DNS:wrong.example',
        'basicConstraints = CA:FALSE',
        '',
      ].join('\n'),
    );
    const sign = (out: string, ext: string, dates: string, cn = 'localhost') =>
      openssl(
        dir,
        `ca -batch -config ca.cnf -notext -in leaf.csr -subj /CN=${cn} -extensions ${ext} ${dates} -out ${out}`,
      );
    sign('leaf.pem', 'local', '-days 825');
    sign('expired.pem', 'local', '-startdate 20200101000000Z -enddate 20210101000000Z');
    sign('expiring.pem', 'local', '-days 5');
    sign('wrong.pem', 'wrong', '-days 825', 'wrong.example');
    openssl(
      dir,
      `req -x509 -new -key leaf.key -sha256 -days 825 -subj /CN=localhost -addext subjectAltName=${SAN_LOCAL} -out self.pem`,
    );

    const key = read('leaf.key');
    cached = {
      ca: read('ca.pem'),
      leaf: { key, cert: read('leaf.pem') },
      selfSigned: { key, cert: read('self.pem') },
      expired: { key, cert: read('expired.pem') },
      expiringSoon: { key, cert: read('expiring.pem') },
      wrongHost: { key, cert: read('wrong.pem') },
    };
    return cached;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
