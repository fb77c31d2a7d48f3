import { applicationInviteText, signUpCodeText, vaultCodeText } from '@under/core/ui-text/mails';
import { describe, expect, it } from 'vitest';
import { composeMail } from './compose';

describe('composeMail', () => {
  it('escapes what people typed in the HTML part and keeps the subject on one line', () => {
    const m = composeMail(
      'a@example.com',
      applicationInviteText({
        companyName: 'Acme <b>&</b>\r\nBcc: x@evil.test',
        formName: 'Form "1"',
        link: 'https://under.test/a?x=1&y=2',
      }),
    );
    expect(m.subject).not.toMatch(/[\r\n]/);
    expect(m.html).not.toContain('<b>');
    expect(m.html).toContain('Acme &#60;b&#62;&#38;&#60;/b&#62;');
    expect(m.html).toContain('href="https://under.test/a?x=1&#38;y=2"');
    // the text part carries the address whole, on a line of its own
    expect(m.text.split('\n\n')).toContain('https://under.test/a?x=1&y=2');
    expect(m.text.endsWith('\n\nUnder')).toBe(true);
  });

  it('prints a code as "Your code: NNNNNN" in the text part and large in the HTML part', () => {
    const m = composeMail('a@example.com', vaultCodeText('123456'));
    expect(m.text).toMatch(/^Your code: 123456$/m);
    expect(m.html).toContain('font-size:28px;letter-spacing:6px;font-weight:bold">123456<');
  });

  it('links the page where a sign-up code is entered in both parts', () => {
    const m = composeMail('a@example.com', signUpCodeText('654321', 'https://under.test'));
    expect(m.text).toContain('It expires in 10 minutes and works once. Enter it at https://under.test/verify-email');
    expect(m.html).toContain(
      'Enter it at <a href="https://under.test/verify-email">https://under.test/verify-email</a>',
    );
  });
});
