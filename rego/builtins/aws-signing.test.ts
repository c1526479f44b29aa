import { describe, expect, it } from 'vitest';
import { callJson, failure } from './test-support.ts';

const config = {
  aws_access_key: 'MYAWSACCESSKEYGOESHERE',
  aws_secret_access_key: 'MYAWSSECRETACCESSKEYGOESHERE',
  aws_service: 's3',
  aws_region: 'us-east-1',
};
const AT = 1451311705000000000n; // 2015-12-28T14:08:25Z

describe('providers.aws.sign_req', () => {
  it('adds the SigV4 Authorization header and the x-amz-* headers it signed', () => {
    expect(
      callJson('providers.aws.sign_req', { method: 'get', url: 'http://example.com' }, config, AT),
    ).toEqual({
      method: 'get',
      url: 'http://example.com',
      headers: {
        Authorization:
          'AWS4-HMAC-SHA256 Credential=MYAWSACCESSKEYGOESHERE/20151228/us-east-1/s3/aws4_request,SignedHeaders=host;x-amz-content-sha256;x-amz-date,Signature=0047a7016c81e5c7f29cd522f97e911e04fc472fced0aee7916cbc287ad6c8e3',
        host: 'example.com',
        'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        'x-amz-date': '20151228T140825Z',
      },
    });
  });

  it('keeps caller headers, leaving out of the signature those AWS ignores', () => {
    const signed = callJson(
      'providers.aws.sign_req',
      {
        method: 'post',
        url: 'https://sts.amazonaws.com/?Action=x',
        headers: { 'User-Agent': 'me', 'X-Custom': 'a' },
        raw_body: 'b',
      },
      { ...config, aws_service: 'sts', disable_payload_signing: true },
      AT,
    ) as { headers: Record<string, string> };
    expect(signed.headers['User-Agent']).toBe('me');
    expect(signed.headers.Authorization).toContain('SignedHeaders=host;x-amz-date;x-custom,');
  });

  it('names missing and mistyped parameters as OPA does', () => {
    expect(failure('providers.aws.sign_req', {}, config, AT)).toEqual({
      code: 'eval_type_error',
      message: 'providers.aws.sign_req: operand 1 missing required request parameters(s): {"method", "url"}',
    });
    expect(failure('providers.aws.sign_req', { method: 'get', url: 'http://x' }, {}, AT).message).toBe(
      'providers.aws.sign_req: operand 2 missing required AWS config parameters(s): {"aws_access_key", "aws_region", "aws_secret_access_key", "aws_service"}',
    );
    expect(failure('providers.aws.sign_req', { method: 'get', url: 'http://x' }, config, 1.5).message).toBe(
      'providers.aws.sign_req: operand 3 could not convert time_ns value into a unix timestamp',
    );
  });
});
