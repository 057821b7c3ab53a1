import { Document } from './layout';

/** A page that only says something: an error, a refusal. Works signed in or not. */
export function MessagePage({ title, text, href, link }: { title: string; text: string; href: string; link: string }) {
  return (
    <Document title={title}>
      <main class="login">
        <div class="card">
          <span class="brand-mark" aria-hidden="true">
            CPQ
          </span>
          <h1>{title}</h1>
          <p>{text}</p>
          <a class="btn" href={href}>
            {link}
          </a>
        </div>
      </main>
    </Document>
  );
}
