import type { Context } from 'hono';
import { Hono } from 'hono';
import { sameSecret } from '../../http/admin-auth';
import { currentSession, endSession, startSession } from '../../http/admin-cookie';
import { CSRF_FIELD, verifyCsrf } from '../../http/admin-session';
import { signInThrottles } from '../../limits/sign-in-throttle';
import type { BackofficeEnv } from '../env';
import { Document } from '../views/layout';
import { MessagePage } from '../views/message';

type Ctx = Context<BackofficeEnv>;

const HOME = '/admin/stores';

/** Where to go after signing in: only a backoffice page, never another site (no open redirect). */
export function safeNext(next: unknown): string {
  if (typeof next !== 'string' || !/^\/admin(\/[A-Za-z0-9._~\-/%?=&+]*)?$/.test(next) || next.includes('//')) return HOME;
  if (/^\/admin\/(login|logout)\b/.test(next)) return HOME;
  return next;
}

/** A form posted from another origin is refused even before the token is looked at (login CSRF). */
function sameOrigin(c: Ctx): boolean {
  const origin = c.req.header('origin');
  return origin === undefined || origin === new URL(c.req.url).origin;
}

type Notice = { kind: 'ok' | 'error' | 'warn'; text: string };

function LoginPage({ next, notice }: { next: string; notice?: Notice | undefined }) {
  return (
    <Document title="Sign in">
      <main class="login">
        <div class="card">
          <span class="brand-mark" aria-hidden="true">
            CPQ
          </span>
          <h1>Sign in</h1>
          <p class="muted">to the CPQ backoffice</p>
          {notice && (
            <div class={`notice ${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
              {notice.text}
            </div>
          )}
          <form method="post" action="/admin/login">
            <input type="hidden" name="next" value={next} />
            <div class="field">
              <label for="token">Admin token</label>
              <input
                id="token"
                name="token"
                type="password"
                autocomplete="current-password"
                required
                autofocus
                aria-describedby="token-hint"
              />
              <span class="hint" id="token-hint">
                The Worker's <code>ADMIN_TOKEN</code> secret. You stay signed in for 12 hours.
              </span>
            </div>
            <button class="btn primary" type="submit">
              Sign in
            </button>
          </form>
        </div>
      </main>
    </Document>
  );
}

function queryNotice(c: Ctx): Notice | undefined {
  if (c.req.query('signed_out') !== undefined) return { kind: 'ok', text: 'You are signed out.' };
  if (c.req.query('expired') !== undefined) return { kind: 'warn', text: 'Your session has ended. Sign in again to continue.' };
  return undefined;
}

export const signIn = new Hono<BackofficeEnv>()
  .get('/login', async (c) => {
    const next = safeNext(c.req.query('next'));
    if (await currentSession(c)) return c.redirect(next, 303);
    return c.html(<LoginPage next={next} notice={queryNotice(c)} />);
  })
  .post('/login', async (c) => {
    const form = await c.req.parseBody();
    const next = safeNext(form.next);
    if (!sameOrigin(c)) {
      return c.html(
        <LoginPage next={next} notice={{ kind: 'error', text: 'This sign-in form came from another site and was refused.' }} />,
        403,
      );
    }
    if (!c.env.ADMIN_TOKEN) {
      const text = 'Signing in is disabled: the ADMIN_TOKEN secret is not set on this Worker.';
      return c.html(<LoginPage next={next} notice={{ kind: 'error', text }} />, 503);
    }
    const token = typeof form.token === 'string' ? form.token.trim() : '';
    const [throttle, right] = await Promise.all([
      signInThrottles.check(c.env, c.req.raw.headers),
      token ? sameSecret(token, c.env.ADMIN_TOKEN) : false,
    ]);
    if (!throttle.allowed) {
      const text = `Too many wrong tokens were tried from your network. Wait ${throttle.retryAfter} seconds, then sign in again.`;
      return c.html(<LoginPage next={next} notice={{ kind: 'error', text }} />, 429, {
        'Retry-After': String(throttle.retryAfter),
      });
    }
    if (!right) {
      await signInThrottles.failed(c.env, c.req.raw.headers);
      return c.html(
        <LoginPage next={next} notice={{ kind: 'error', text: 'That token is not right. Check it and try again.' }} />,
        401,
      );
    }
    await startSession(c);
    return c.redirect(next, 303);
  })
  .post('/logout', async (c) => {
    const session = await currentSession(c);
    if (session) {
      const form = await c.req.parseBody();
      const token = typeof form[CSRF_FIELD] === 'string' ? form[CSRF_FIELD] : undefined;
      if (!(await verifyCsrf(c.env.ADMIN_TOKEN, session, token))) {
        const text = 'Signing out was refused because the form was out of date. Go back, reload the page and sign out again.';
        return c.html(<MessagePage title="Not signed out" text={text} href={HOME} link="Back to the backoffice" />, 403);
      }
    }
    await endSession(c, session);
    return c.redirect('/admin/login?signed_out=1', 303);
  });
