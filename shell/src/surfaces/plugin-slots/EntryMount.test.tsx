/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { render } from '@testing-library/react';
import { EntryMount } from './EntryMount';

/** A plugin's content: a field and two buttons, rendered by hand as a framework-neutral entry does. */
const content = (label: string) => (el: HTMLElement) => {
  el.innerHTML = `<input aria-label="Search ${label}"><button type="button">Copy</button><button type="button">Delete</button>`;
};
const empty = (el: HTMLElement) => {
  el.innerHTML = '<p>Loading</p>';
};

function panel(mount: (el: HTMLElement) => void) {
  return (
    <div role="tabpanel" tabIndex={0} data-testid="panel">
      <EntryMount mount={mount} pluginId="test" />
    </div>
  );
}

describe('EntryMount mounted again while the focus is inside', () => {
  it('keeps the focus on the same control of the new content', () => {
    const view = render(panel(content('a')));
    const second = view.container.querySelectorAll('button')[1] as HTMLButtonElement;
    second.focus();
    view.rerender(panel(content('a')));
    expect(document.activeElement).not.toBe(second);
    expect(document.activeElement?.textContent).toBe('Delete');
  });

  it('gives the focus to the panel when the new content has no such control, never to the page', () => {
    const view = render(panel(content('a')));
    (view.container.querySelector('input') as HTMLInputElement).focus();
    view.rerender(panel(empty));
    expect(document.activeElement).toBe(view.getByTestId('panel'));
  });

  it('leaves the focus alone when it was elsewhere', () => {
    const outside = document.createElement('button');
    document.body.append(outside);
    outside.focus();
    const view = render(panel(content('a')));
    view.rerender(panel(content('b')));
    expect(document.activeElement).toBe(outside);
    outside.remove();
  });
});
