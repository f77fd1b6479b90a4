import { describe, expect, it } from '@jest/globals';
import { directionOf, matchLanguage, negotiateLanguage } from './languages';

describe('negotiateLanguage', () => {
  it('takes the first available tag by weight, then order', () => {
    expect(negotiateLanguage('nl')).toBe('nl');
    expect(negotiateLanguage('fi, de;q=0.8, fr;q=0.9')).toBe('fr');
    expect(negotiateLanguage('de-AT,de;q=0.9,en;q=0.5')).toBe('de');
    expect(negotiateLanguage('fi;q=1, en;q=0.1')).toBe('en');
  });

  it('refuses q=0, ignores * and gives null when nothing matches', () => {
    expect(negotiateLanguage('de;q=0, fr')).toBe('fr');
    expect(negotiateLanguage('*')).toBeNull();
    expect(negotiateLanguage('fi, ko')).toBeNull();
    expect(negotiateLanguage(undefined)).toBeNull();
    expect(negotiateLanguage('')).toBeNull();
  });

  it('maps Chinese, Portuguese and Serbian variants sensibly', () => {
    for (const tag of ['zh', 'zh-CN', 'zh-Hans', 'zh-Hans-CN', 'zh-SG', 'ZH-cn']) expect(matchLanguage(tag)).toBe('zh-CN');
    for (const tag of ['zh-TW', 'zh-Hant', 'zh-HK']) expect(matchLanguage(tag)).toBeNull();
    expect(matchLanguage('pt')).toBe('pt-BR');
    expect(matchLanguage('pt-br')).toBe('pt-BR');
    expect(matchLanguage('pt-PT')).toBe('pt-PT');
    expect(matchLanguage('pt-AO')).toBe('pt-PT');
    expect(matchLanguage('sr')).toBe('sr');
    expect(matchLanguage('sr-Cyrl-RS')).toBe('sr');
    expect(matchLanguage('sr-Latn')).toBeNull();
    expect(negotiateLanguage('sr-Latn, hr;q=0.9, de;q=0.5')).toBe('de');
    expect(matchLanguage('en-GB')).toBe('en');
  });

  it('knows which languages are written right to left', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('he-IL')).toBe('rtl');
    expect(directionOf('de')).toBe('ltr');
  });
});
