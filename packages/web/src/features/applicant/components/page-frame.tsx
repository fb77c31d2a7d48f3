import type { PublicCustomForm } from '@under/core/custom-forms/custom-form.schema';
import { APPLICANT_TEXT as T } from '@under/core/ui-text/applicant';
import { SIGNING_TEXT as S } from '@under/core/ui-text/applicant-signing';
import type { ReactNode } from 'react';
import { readableOn } from '../../../lib/contrast';
import classes from '../applicant.module.css';
import { DEFAULT_HEADER_COLOR, DEFAULT_HEADER_SUBTITLE, DEFAULT_HEADER_TITLE } from '../lib/applicant-constants';

/**
 * The applicant page's frame: the institution's logo and name, the master form's header ('Merchant Processing
 * Application' and its subtitle) in the form's header colours, then the page.
 */
export function PageFrame({ form, children }: { form?: PublicCustomForm | null; children: ReactNode }) {
  const header = form?.layout.headerLayout;
  const background = header?.backgroundColor ?? DEFAULT_HEADER_COLOR;
  const text = readableOn(header?.textColor ?? '#ffffff', background, '#000000');
  return (
    <div className={classes.page}>
      {form ? (
        <header className={classes.brand}>
          {form.logoUrl ? <img className={classes.logo} src={form.logoUrl} alt={T.logoAlt(form.companyName)} /> : null}
          <span className={classes.company}>{form.companyName}</span>
        </header>
      ) : null}
      <section className={classes.masthead} style={{ background, color: text }}>
        <h1>{header?.title || DEFAULT_HEADER_TITLE}</h1>
        <p>{header ? header.subtitle : DEFAULT_HEADER_SUBTITLE}</p>
      </section>
      <main className={classes.main}>{children}</main>
    </div>
  );
}

/**
 * The portal's own frame, for the pages that belong to no institution's form (the verify page, issue 21 §2): the
 * product's wordmark as the client app's header shows it, leading to the portal; no form's banner.
 */
export function PortalFrame({ children }: { children: ReactNode }) {
  return (
    <div className={classes.page}>
      <header className={classes.portalHeader}>
        <a className={classes.wordmark} href="/">
          {S.portalName}
        </a>
      </header>
      <main className={classes.main}>{children}</main>
    </div>
  );
}

/** A page that only says something: an inactive form, an unknown link, the success page. */
export function MessageCard({
  title,
  text,
  tone = 'notice',
  children,
}: {
  title?: string;
  text: string;
  tone?: 'notice' | 'error';
  children?: ReactNode;
}) {
  return (
    <div className={tone === 'error' ? classes.error : classes.notice} role={tone === 'error' ? 'alert' : 'status'}>
      {title ? <h2>{title}</h2> : null}
      <p>{text}</p>
      {children}
    </div>
  );
}
