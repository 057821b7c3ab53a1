import { raw } from 'hono/html';
import type { Child } from 'hono/jsx';
import { CSRF_FIELD } from '../../http/admin-session';

export interface Crumb {
  href?: string;
  label: string;
}

interface DocumentProps {
  title: string;
  /** ES modules (bundles of src/browser/), run in this order after the page is parsed. */
  modules?: string[] | undefined;
  csrf?: string;
  /** The response's style nonce, for a page whose script writes <style> elements (src/http/security-headers.ts). */
  styleNonce?: string | undefined;
  children: Child;
}

/** The HTML document every backoffice page shares. Scripts are same-origin files: the CSP forbids inline ones. */
export function Document({ title, modules = [], csrf, styleNonce, children }: DocumentProps) {
  return (
    <>
      {raw('<!DOCTYPE html>')}
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          {csrf && <meta name="csrf-token" content={csrf} />}
          {styleNonce && <meta name="cpq-style-nonce" content={styleNonce} />}
          <title>{`${title} · CPQ backoffice`}</title>
          <link rel="icon" href="data:," />
          <link rel="stylesheet" href="/admin/assets/app.css" />
          {modules.map((src) => (
            <script type="module" src={src}></script>
          ))}
        </head>
        <body>{children}</body>
      </html>
    </>
  );
}

interface LayoutProps {
  title: string;
  csrf: string;
  crumbs?: Crumb[];
  modules?: string[] | undefined;
  styleNonce?: string | undefined;
  wide?: boolean;
  children: Child;
}

/** A signed-in page: top bar with breadcrumbs and sign-out, a notice area, then the page. */
export function Layout({ title, csrf, crumbs = [], modules = [], styleNonce, wide = false, children }: LayoutProps) {
  return (
    <Document title={title} csrf={csrf} modules={['/admin/assets/common.js', ...modules]} styleNonce={styleNonce}>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="topbar">
        <a class="brand" href="/admin/stores">
          <span class="brand-mark" aria-hidden="true">
            CPQ
          </span>
          Backoffice
        </a>
        {crumbs.length > 0 && (
          <nav class="crumbs" aria-label="Breadcrumb">
            <ol>
              {crumbs.map((c, i) => (
                <li>
                  {c.href && i < crumbs.length - 1 ? <a href={c.href}>{c.label}</a> : <span aria-current="page">{c.label}</span>}
                </li>
              ))}
            </ol>
          </nav>
        )}
        <form method="post" action="/admin/logout">
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          <button class="btn-link" type="submit">
            Sign out
          </button>
        </form>
      </header>
      <main id="main" class={wide ? 'page wide' : 'page'}>
        <div id="flash" class="notice" role="status" aria-live="polite"></div>
        {children}
      </main>
    </Document>
  );
}
