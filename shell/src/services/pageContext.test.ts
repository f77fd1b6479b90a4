/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { readPageContext } from './pageContext';

function pageWith(attributes: Record<string, string>): Document {
  const doc = document.implementation.createHTMLDocument('page');
  for (const [name, value] of Object.entries(attributes)) doc.head.setAttribute(name, value);
  return doc;
}

describe('readPageContext', () => {
  it('reads the session and the core flag from <head>', () => {
    const context = readPageContext(
      pageWith({ 'data-user': 'alice', 'data-user-displayname': 'Alice A.', 'data-requesttoken': 'tok', 'data-enable-non-accessible-features': 'false' }),
    );
    expect(context).toMatchObject({ uid: 'alice', displayName: 'Alice A.', requestToken: 'tok', enableNonAccessibleFeatures: false });
  });

  it('keeps enable_non-accessible_features true unless the page says false (product §2 default)', () => {
    expect(readPageContext(pageWith({})).enableNonAccessibleFeatures).toBe(true);
    expect(readPageContext(pageWith({ 'data-enable-non-accessible-features': 'true' })).enableNonAccessibleFeatures).toBe(true);
    expect(readPageContext(pageWith({})).uid).toBe('');
  });
});
