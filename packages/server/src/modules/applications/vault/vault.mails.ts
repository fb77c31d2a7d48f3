import type { MailMessage } from '../../../infra/mail/mailer';

/** The code that unlocks the applicant's saved answers (the "Your code: NNNNNN" line, as every code mail has). */
export function vaultCodeMail(to: string, code: string): MailMessage {
  const text = `You asked to fill in an application with the answers you saved with us.\n\nYour code: ${code}\n\nIt expires in 10 minutes and works once. Enter it on the application page.\n\nIf you did not ask for this, ignore this e-mail: nobody can see your saved answers without this code.\n\nUnder`;
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
<p>You asked to fill in an application with the answers you saved with us.</p>
<p style="font-size:28px;letter-spacing:6px;font-weight:bold">${code}</p>
<p>It expires in 10 minutes and works once. Enter it on the application page.</p>
<p style="color:#666">If you did not ask for this, ignore this e-mail: nobody can see your saved answers without this code.</p><p>Under</p></body></html>`;
  return { to, subject: `Your code for your saved answers: ${code}`, text, html };
}

/** Someone asked for the saved answers of an address that has none: its owner learns that, and nobody else does. */
export function vaultNoneMail(to: string): MailMessage {
  const text =
    'You asked to fill in an application with the answers you saved with us, but there are no saved answers for this e-mail address.\n\nTo save them, tick "Remember my answers for other applications" when you fill in an application.\n\nIf you did not ask for this, ignore this e-mail.\n\nUnder';
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
<p>You asked to fill in an application with the answers you saved with us, but there are no saved answers for this e-mail address.</p>
<p>To save them, tick “Remember my answers for other applications” when you fill in an application.</p>
<p style="color:#666">If you did not ask for this, ignore this e-mail.</p><p>Under</p></body></html>`;
  return { to, subject: 'Your saved answers', text, html };
}
