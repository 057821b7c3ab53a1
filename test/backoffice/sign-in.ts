import { ADMIN_TOKEN, call } from '../helpers';

export function form(fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  };
}

/** Signs in through the login form; returns the Cookie header to send and the page's CSRF token. */
export async function signIn(): Promise<{ cookie: string; csrf: string }> {
  const res = await call('/admin/login', form({ token: ADMIN_TOKEN }));
  if (res.status !== 303) throw new Error(`sign-in answered ${res.status}`);
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  const page = await (await call('/admin/stores', { headers: { Cookie: cookie } })).text();
  const csrf = /<meta name="csrf-token" content="([^"]+)"/.exec(page)?.[1];
  if (!csrf) throw new Error('no CSRF token on the page');
  return { cookie, csrf };
}
