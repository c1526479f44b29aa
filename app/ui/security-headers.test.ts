import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { isPagePath, signInPath } from './page-paths.ts';
import { pageSecurityHeaders } from './security-headers.ts';

function testApp(https = false) {
  const app = new Hono();
  app.use('*', pageSecurityHeaders({ https }));
  app.get('/', (c) => c.html('<h1>Start</h1>'));
  app.get('/assets/app.css', (c) => {
    c.header('Cache-Control', 'public, max-age=60');
    return c.text('body{}');
  });
  app.get('/broken', () => {
    throw new Error('boom');
  });
  app.get('/api/documents', (c) => c.json([]));
  app.onError((_, c) => c.html('<h1>Error</h1>', 500));
  return app;
}

describe('security headers of pages', () => {
  it('sends a strict CSP without any script source, framing refused, and the other headers', async () => {
    const res = await testApp().request('/');
    const csp = res.headers.get('content-security-policy') ?? '';
    const directives = Object.fromEntries(
      csp.split(';').map((d) => {
        const [name = '', ...values] = d.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    expect(directives).toEqual({
      'default-src': "'none'",
      'style-src': "'self'",
      'img-src': "'self'",
      'form-action': "'self'",
      'frame-ancestors': "'none'",
      'base-uri': "'none'",
    });
    expect(csp).not.toMatch(/script-src|unsafe-inline|unsafe-eval/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('permissions-policy')).toContain('camera=()');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('covers error pages, keeps the caching an answer chose, and adds HSTS over https', async () => {
    const broken = await testApp().request('/broken');
    expect(broken.status).toBe(500);
    expect(broken.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(broken.headers.get('cache-control')).toBe('no-store');
    const css = await testApp().request('/assets/app.css');
    expect(css.headers.get('cache-control')).toBe('public, max-age=60');
    expect(css.headers.get('x-content-type-options')).toBe('nosniff');
    const secure = await testApp(true).request('/');
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('leaves the JSON API and the sign-in endpoints to their own headers', async () => {
    const res = await testApp().request('/api/documents');
    expect(res.headers.get('content-security-policy')).toBeNull();
    expect(
      ['/api', '/api/documents/1', '/openapi.json', '/health', '/login', '/logout', '/auth/callback'].map(
        isPagePath,
      ),
    ).toEqual([false, false, false, false, false, false, false]);
    expect(['/', '/documents/1', '/apiary', '/healthz', '/login/x', '/nowhere'].map(isPagePath)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
  });

  it('builds sign-in links that come back to a local path', () => {
    expect(signInPath('/')).toBe('/login');
    expect(signInPath('/documents/7?x=1&y=2')).toBe('/login?return_to=%2Fdocuments%2F7%3Fx%3D1%26y%3D2');
  });
});
