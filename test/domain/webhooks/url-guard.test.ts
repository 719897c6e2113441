import { describe, it, expect } from 'vitest';
import { checkResolvedAddresses, checkWebhookUrl, isLocalHostname, isPrivateAddress } from '../../../src/domain/webhooks/url-guard.js';

const strict = { allowPrivate: false };

const PRIVATE_IP_URLS = [
  'http://127.0.0.1/',
  'http://127.0.0.1.:8080/',
  'http://127.1/',
  'http://2130706433/', // decimal
  'http://0x7f000001/', // hex
  'http://0x7f.1/',
  'http://0x7f.0.0.1/',
  'http://0177.0.0.1/', // octal
  'http://017700000001/',
  'https://0xa9.0xfe.0xa9.0xfe/latest/meta-data/', // 169.254.169.254
  'http://169.254.169.254/',
  'http://10.0.0.1/',
  'http://172.16.0.1/',
  'http://172.31.255.255/',
  'http://192.168.1.1/',
  'http://100.64.0.1/',
  'http://100.127.255.254/',
  'http://0.0.0.0/',
  'http://0/',
  'http://224.0.0.1/',
  'http://239.255.255.250/',
  'http://255.255.255.255/',
  'http://198.18.0.1/',
  'http://[::1]/',
  'http://[::]/',
  'http://[0:0:0:0:0:0:0:1]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:7f00:1]/',
  'http://[0:0:0:0:0:ffff:127.0.0.1]/',
  'http://[::ffff:169.254.169.254]/',
  'http://[::ffff:10.1.2.3]/',
  'http://[::127.0.0.1]/',
  'http://[fe80::1]/',
  'http://[fc00::1]/',
  'http://[fd12:3456:789a::1]/',
  'http://[ff02::1]/',
  'http://[64:ff9b::a00:1]/', // NAT64 of 10.0.0.1
  'http://[2002:c0a8:101::1]/', // 6to4 of 192.168.1.1
  'http://[2001:db8::1]/',
  'http://[2001:0:4136:e378::1]/', // Teredo
];

const LOCAL_NAME_URLS = [
  'http://localhost/',
  'http://LOCALHOST/',
  'http://localhost./',
  'http://localhost:3000/hook',
  'http://api.localhost/',
  'http://%6c%6f%63%61%6c%68%6f%73%74/',
  'http://printer.local/',
  'http://metadata.google.internal/computeMetadata/v1/',
  'http://redis:6379/',
  'http://metadata/',
  'http://ip6-localhost/',
  'http://router.home.arpa/',
  'http://1.0.0.127.in-addr.arpa/',
];

const PUBLIC_URLS = [
  'https://hooks.example.com/tradeapi',
  'https://example.com:8443/path?q=1#frag',
  'http://8.8.8.8/',
  'http://172.32.0.1/',
  'http://100.128.0.1/',
  'http://11.0.0.1/',
  'https://[2606:4700:4700::1111]/x',
  'http://[::ffff:8.8.8.8]/',
  'http://[64:ff9b::808:808]/',
  'https://xn--bcher-kva.example/',
  'https://bücher.example/',
];

describe('checkWebhookUrl', () => {
  it.each(PRIVATE_IP_URLS)('rejects the private address in %s', (url) => {
    expect(checkWebhookUrl(url, strict)).toMatchObject({ ok: false, reason: 'private_address' });
  });

  it.each(LOCAL_NAME_URLS)('rejects the local name in %s', (url) => {
    expect(checkWebhookUrl(url, strict)).toMatchObject({ ok: false, reason: 'local_hostname' });
  });

  it.each(PUBLIC_URLS)('accepts the public %s', (url) => {
    expect(checkWebhookUrl(url, strict)).toMatchObject({ ok: true });
  });

  it('returns the normalised URL and the literal address to connect to', () => {
    expect(checkWebhookUrl('HTTPS://Hooks.Example.COM/a', strict)).toEqual({
      ok: true,
      url: 'https://hooks.example.com/a',
      hostname: 'hooks.example.com',
      ip: null,
    });
    expect(checkWebhookUrl('http://[2606:4700:4700::1111]/', strict)).toMatchObject({ ip: '2606:4700:4700::1111' });
    expect(checkWebhookUrl('https://bücher.example/', strict)).toMatchObject({ hostname: 'xn--bcher-kva.example' });
  });

  it('rejects other schemes', () => {
    for (const url of ['ftp://example.com/', 'file:///etc/passwd', 'gopher://example.com/', 'javascript:alert(1)', 'data:text/plain,hi', 'ws://example.com/']) {
      expect(checkWebhookUrl(url, strict), url).toMatchObject({ ok: false, reason: 'unsupported_scheme' });
    }
  });

  it('rejects credentials in the URL', () => {
    for (const url of ['http://user@example.com/', 'http://:pass@example.com/', 'https://user:pass@example.com/']) {
      expect(checkWebhookUrl(url, { allowPrivate: true }), url).toMatchObject({ ok: false, reason: 'credentials_in_url' });
    }
  });

  it('rejects what is not a URL', () => {
    for (const url of ['', 'not a url', 'http://', '//example.com/', `https://example.com/${'a'.repeat(3000)}`]) {
      expect(checkWebhookUrl(url, strict), url.slice(0, 40)).toMatchObject({ ok: false, reason: 'invalid_url' });
    }
  });

  it('lets a self-hosted setup opt into private receivers, scheme and credential checks still on', () => {
    const open = { allowPrivate: true };
    for (const url of ['http://127.0.0.1:9000/', 'http://localhost/', 'http://10.0.0.5/', 'http://[::1]/', 'http://receiver/']) {
      expect(checkWebhookUrl(url, open), url).toMatchObject({ ok: true });
    }
    expect(checkWebhookUrl('file:///etc/passwd', open)).toMatchObject({ ok: false, reason: 'unsupported_scheme' });
  });
});

describe('isPrivateAddress', () => {
  it('knows the boundaries of the IPv4 ranges', () => {
    const cases: Array<[string, boolean]> = [
      ['9.255.255.255', false],
      ['10.0.0.0', true],
      ['10.255.255.255', true],
      ['11.0.0.0', false],
      ['100.63.255.255', false],
      ['100.64.0.0', true],
      ['100.127.255.255', true],
      ['100.128.0.0', false],
      ['126.255.255.255', false],
      ['127.0.0.1', true],
      ['169.253.255.255', false],
      ['169.254.0.1', true],
      ['172.15.255.255', false],
      ['172.16.0.0', true],
      ['172.31.255.255', true],
      ['172.32.0.0', false],
      ['192.167.255.255', false],
      ['192.168.0.0', true],
      ['192.169.0.0', false],
      ['223.255.255.255', false],
      ['224.0.0.0', true],
      ['1.1.1.1', false],
      ['185.199.108.153', false],
    ];
    for (const [ip, expected] of cases) expect(isPrivateAddress(ip), ip).toBe(expected);
  });

  it('looks inside IPv6 forms that carry an IPv4 address', () => {
    expect(isPrivateAddress('::ffff:192.168.0.1')).toBe(true);
    expect(isPrivateAddress('::ffff:c0a8:1')).toBe(true);
    expect(isPrivateAddress('::ffff:1.1.1.1')).toBe(false);
    expect(isPrivateAddress('64:ff9b::127.0.0.1')).toBe(true);
    expect(isPrivateAddress('2002:0101:0101::1')).toBe(false);
    expect(isPrivateAddress('2002:7f00:0001::')).toBe(true);
  });

  it('treats everything outside global unicast, zone ids and junk as private', () => {
    for (const ip of ['::', '::1', 'fe80::1%eth0', '[fe80::1]', 'fec0::1', 'fd00::1', 'ff02::1', '100::1', '::2', 'not-an-ip', '1::2::3', '300.1.1.1', '']) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
    for (const ip of ['2a00:1450:4001:82b::200e', '2606:4700:4700::1111', '[2620:fe::fe]']) {
      expect(isPrivateAddress(ip), ip).toBe(false);
    }
  });
});

describe('after DNS resolution', () => {
  it('rejects a name when any one of its addresses is private', () => {
    expect(checkResolvedAddresses(['93.184.216.34', '10.0.0.7'], strict)).toMatchObject({ ok: false, reason: 'private_address' });
    expect(checkResolvedAddresses(['2606:4700::6810:85e5', '::1'], strict)).toMatchObject({ ok: false, reason: 'private_address' });
  });

  it('returns the first address to connect to, and refuses an empty answer', () => {
    expect(checkResolvedAddresses(['93.184.216.34', '2606:4700::6810:85e5'], strict)).toEqual({ ok: true, address: '93.184.216.34' });
    expect(checkResolvedAddresses(['10.0.0.7'], { allowPrivate: true })).toEqual({ ok: true, address: '10.0.0.7' });
    expect(checkResolvedAddresses([], strict)).toMatchObject({ ok: false, reason: 'unresolved' });
  });

  it('knows local-only names', () => {
    expect(isLocalHostname('db')).toBe(true);
    expect(isLocalHostname('Kubernetes.Default.svc.cluster.local')).toBe(true);
    expect(isLocalHostname('hooks.example.com')).toBe(false);
    expect(isLocalHostname('local.example.com')).toBe(false);
  });
});
