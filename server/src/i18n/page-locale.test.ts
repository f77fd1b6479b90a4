import { describe, expect, it } from '@jest/globals';
import { ENGLISH, localeOf } from './page-locale';
import { translatorFor } from './translate';
import { renderLoginPage } from '../web/login-page';

describe('server page locale', () => {
  it('English fills placeholders and keeps unknown ones visible', () => {
    expect(ENGLISH.t('Shared by {owner}', { owner: 'Ann' })).toBe('Shared by Ann');
    expect(ENGLISH.t('Shared by {owner}')).toBe('Shared by {owner}');
  });

  it('th() escapes the translation but not the markup put in its placeholders', () => {
    expect(ENGLISH.th('Revoke {name}', { name: '<b>x</b>' })).toBe('Revoke <b>x</b>');
    expect(ENGLISH.th('Go → Connect to Server, then enter the address.')).toBe('Go → Connect to Server, then enter the address.');
    expect(ENGLISH.th('e.g. "a" & <b>')).toBe('e.g. &quot;a&quot; &amp; &lt;b&gt;');
  });

  it('a language without a catalogue entry shows English', () => {
    expect(translatorFor('fi')('Password')).toBe('Password');
  });

  it('the sign-in page carries its language and direction', () => {
    const html = renderLoginPage({ requestToken: 't', redirectUrl: '/x', locale: localeOf('ar') });
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(renderLoginPage({ requestToken: 't', redirectUrl: '/x' })).toContain('<html lang="en" dir="ltr">');
  });
});
