import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, failure } from '../test-support.ts';

const pem = (name: string) => readFileSync(path.join(import.meta.dirname, 'testdata', `${name}.pem`), 'utf8');

// Values, not JSON: an RSA modulus is a bigint beyond a double's range.
type Cert = Record<string, unknown> & { Subject: { CommonName: string } };

describe('crypto.x509.parse_certificates', () => {
  it('returns Go’s certificate fields: names, extensions, URIs and OPA’s URIStrings', () => {
    const [ca] = call('crypto.x509.parse_certificates', pem('ca')) as Cert[];
    expect(ca?.Subject.CommonName).toBe('Test CA');
    expect(ca).toMatchObject({
      Version: 3,
      IsCA: true,
      MaxPathLen: 0,
      MaxPathLenZero: true,
      KeyUsage: 97,
      ExtKeyUsage: [1, 2],
      UnknownExtKeyUsage: [[1, 2, 3, 4, 5]],
      DNSNames: ['ca.example.com'],
      IPAddresses: ['10.1.2.3', '2001:db8::1'],
      URIStrings: ['https://user@example.com:8443/a%20b/c?x=1'],
      PermittedDNSDomains: ['example.com'],
      ExcludedDNSDomains: ['bad.example.com'],
      OCSPServer: ['http://ocsp.example.com'],
      PublicKeyAlgorithm: 1,
      SignatureAlgorithm: 4,
    });
    expect((ca as Cert).URIs as Record<string, unknown>[]).toHaveLength(1);
    expect(((ca as Cert).URIs as Record<string, unknown>[])[0]).toMatchObject({
      Host: 'example.com:8443',
      Path: '/a b/c',
      RawQuery: 'x=1',
      User: {},
    });
  });

  it('reads PEM chains, base64 of PEM and base64 of DER', () => {
    const chain = call('crypto.x509.parse_certificates', pem('leaf') + pem('ca')) as Cert[];
    expect(chain.map((c) => c.Subject.CommonName)).toEqual(['leaf.example.com', 'Test CA']);
    const der = pem('ed')
      .replace(/-----[^\n]*-----\n?/g, '')
      .replace(/\n/g, '');
    const [ed] = call('crypto.x509.parse_certificates', der) as Cert[];
    expect(ed).toMatchObject({ PublicKeyAlgorithm: 4, SignatureAlgorithm: 16 });
  });

  it('fails with Go’s errors on other blocks and malformed data', () => {
    expect(
      failure(
        'crypto.x509.parse_certificates',
        '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n',
      ).message,
    ).toBe("crypto.x509.parse_certificates: PEM block type is 'PUBLIC KEY', expected CERTIFICATE");
    expect(failure('crypto.x509.parse_certificates', 'AAAA').message).toBe(
      'crypto.x509.parse_certificates: x509: malformed certificate',
    );
    expect(failure('crypto.x509.parse_certificates', 'no!').message).toContain('illegal base64 data');
  });
});

describe('crypto.x509.parse_certificate_request', () => {
  it('returns Go’s request fields, with the requested extensions and alternative names', () => {
    const csr = call('crypto.x509.parse_certificate_request', pem('csr')) as Cert;
    expect(csr).toMatchObject({
      Version: 0,
      DNSNames: ['a.example.com'],
      IPAddresses: ['10.0.0.2'],
      EmailAddresses: ['x@y.z'],
      PublicKeyAlgorithm: 1,
      SignatureAlgorithm: 4,
    });
    expect(csr.Subject.CommonName).toBe('csr.example.com');
    expect((csr.Attributes as { Type: number[] }[])[0]?.Type).toEqual([1, 2, 840, 113549, 1, 9, 14]);
  });

  it('refuses other PEM blocks and malformed requests', () => {
    expect(failure('crypto.x509.parse_certificate_request', btoa(pem('ca'))).message).toBe(
      'crypto.x509.parse_certificate_request: invalid PEM-encoded certificate signing request',
    );
    expect(failure('crypto.x509.parse_certificate_request', 'AAAA').message).toContain(
      'asn1: structure error',
    );
  });
});

describe('crypto.x509.parse_keypair', () => {
  const key = (name: string) =>
    readFileSync(path.join(import.meta.dirname, 'testdata', `${name}.key`), 'utf8');

  it('returns Go’s tls.Certificate: the chain’s DER, the key struct and the leaf', () => {
    const pair = call('crypto.x509.parse_keypair', pem('leaf') + pem('ca'), key('leaf')) as {
      Certificate: string[];
      PrivateKey: Record<string, unknown>;
      Leaf: Cert;
    };
    expect(pair.Certificate).toHaveLength(2);
    expect(Object.keys(pair.PrivateKey).sort()).toEqual(['Curve', 'D', 'X', 'Y']);
    expect(pair.Leaf.Subject.CommonName).toBe('leaf.example.com');
    expect('URIStrings' in pair.Leaf).toBe(false);
  });

  it('refuses a key of another certificate, and switched inputs', () => {
    expect(failure('crypto.x509.parse_keypair', pem('ca'), key('leaf')).message).toBe(
      'crypto.x509.parse_keypair: tls: private key type does not match public key type',
    );
    expect(failure('crypto.x509.parse_keypair', key('leaf'), pem('leaf')).message).toContain(
      'PEM inputs may have been switched',
    );
  });
});
