/** @jest-environment jsdom */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { createFakeServices } from '../../test-support/fakeServices';
import { renderShell } from '../../test-support/renderShell';
import { coreConfigLoaded } from '../../model/config/coreConfigSlice';
import { clearToasts, getToasts } from '../../ui/toasts/toasts';

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

async function openSettings(setup?: (services: Awaited<ReturnType<typeof createFakeServices>>['services']) => void) {
  const fake = await createFakeServices({ folders: { '/': [] }, userConfig: { show_hidden: false, grid_view: false } });
  setup?.(fake.services);
  const rendered = await renderShell(fake.services, '/files');
  await settle();
  const opener = screen.getByRole('button', { name: 'Files settings' });
  opener.focus();
  await act(async () => {
    fireEvent.click(opener);
  });
  return { ...rendered, ...fake, opener, dialog: screen.getByRole('dialog', { name: 'Files settings' }) };
}

function setClipboard(writeText: ((text: string) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: writeText === undefined ? undefined : { writeText } });
}

describe('the settings dialog', () => {
  afterEach(() => {
    clearToasts();
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('is a modal dialog with the Files settings and WebDAV sections, focus on its close button', async () => {
    const { dialog } = await openSettings();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Files settings', 'Language', 'WebDAV']);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
    expect(within(dialog).getAllByRole('switch').map((toggle) => toggle.parentElement?.textContent)).toEqual([
      'Sort favorites first',
      'Sort folders before files',
      'Show hidden files',
      'Crop image previews',
      'Enable the grid view',
    ]);
  });

  it("offers the Language choice: the browser's language by default, every interface language in itself, and saves the choice", async () => {
    document.head.dataset['browserLanguage'] = 'nl';
    const { dialog, calls } = await openSettings();
    await settle();
    const select = within(dialog).getByRole('combobox', { name: 'Language of the interface' }) as HTMLSelectElement;
    expect(select.value).toBe('');
    const options = [...select.options].map((option) => option.textContent);
    expect(options[0]).toBe("The browser's language (Nederlands)");
    expect(options).toEqual(expect.arrayContaining(['English', 'Deutsch', 'العربية', '简体中文', 'Српски', 'Português (Brasil)']));
    expect(options).toHaveLength(20);
    // jsdom cannot reload: it says so in the console, which is all the reload does here.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => {
      fireEvent.change(select, { target: { value: 'de' } });
    });
    await settle();
    expect(calls.language).toEqual(['de']);
    delete document.head.dataset['browserLanguage'];
  });

  it('switches the language in place where the page can: saved first, then changeLanguage, the dialog open and the select still focused', async () => {
    document.head.dataset['browserLanguage'] = 'nl';
    const switched: string[] = [];
    const { dialog, calls } = await openSettings((services) => {
      services.changeLanguage = (language) => {
        switched.push(language);
        return Promise.resolve();
      };
    });
    await settle();
    const select = within(dialog).getByRole('combobox', { name: 'Language of the interface' }) as HTMLSelectElement;
    const error = jest.spyOn(console, 'error');
    select.focus();
    await act(async () => {
      fireEvent.change(select, { target: { value: 'de' } });
    });
    await settle();
    expect(calls.language).toEqual(['de']);
    expect(switched).toEqual(['de']);
    // The browser's language ('') switches to the language the browser asks for.
    await act(async () => {
      fireEvent.change(select, { target: { value: '' } });
    });
    await settle();
    expect(calls.language).toEqual(['de', '']);
    expect(switched).toEqual(['de', 'nl']);
    // No reload was tried (jsdom would say it cannot), and the choice stayed in hand.
    expect(error).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Files settings' })).toBe(dialog);
    expect(document.activeElement).toBe(select);
    expect(select.disabled).toBe(false);
    delete document.head.dataset['browserLanguage'];
  });

  it('offers no grid view toggle when enable_non-accessible_features is false (product §2)', async () => {
    const { dialog, store } = await openSettings();
    expect(within(dialog).getByRole('switch', { name: 'Enable the grid view' })).toBeTruthy();
    await act(async () => {
      store.dispatch(coreConfigLoaded({ enableNonAccessibleFeatures: false }));
    });
    expect(within(dialog).queryByRole('switch', { name: 'Enable the grid view' })).toBeNull();
    expect(within(dialog).getAllByRole('switch')).toHaveLength(4);
  });

  it('applies a toggle at once and saves it with the user config API', async () => {
    const { dialog, calls, store } = await openSettings();
    const hidden = within(dialog).getByRole('switch', { name: 'Show hidden files' }) as HTMLInputElement;
    expect(hidden.checked).toBe(false);
    await act(async () => {
      fireEvent.click(hidden);
    });
    expect(hidden.checked).toBe(true);
    expect(store.getState().userConfig.values.show_hidden).toBe(true);
    expect(calls.userConfig).toEqual([['show_hidden', true]]);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('switch', { name: 'Crop image previews' }));
    });
    expect(calls.userConfig).toEqual([
      ['show_hidden', true],
      ['crop_image_previews', false],
    ]);
  });

  it('puts a toggle back when saving fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { dialog } = await openSettings((services) => {
      services.api.setUserConfig = () => Promise.reject(new Error('400'));
    });
    const grid = within(dialog).getByRole('switch', { name: 'Enable the grid view' }) as HTMLInputElement;
    await act(async () => {
      fireEvent.click(grid);
    });
    await settle();
    expect(grid.checked).toBe(false);
  });

  it('shows the WebDAV URL read-only and links to the help and app passwords pages', async () => {
    const { dialog } = await openSettings();
    const field = within(dialog).getByRole('textbox', { name: 'WebDAV URL' }) as HTMLInputElement;
    // An address reads left to right in every language (in Arabic its scheme would move to the end).
    expect(field.getAttribute('dir')).toBe('ltr');
    expect(field.value).toBe('https://cloud.test/remote.php/dav/files/alice/');
    expect(field.readOnly).toBe(true);
    expect(within(dialog).getByRole('link', { name: 'Use this address to access your Files via WebDAV' }).getAttribute('href')).toBe('/settings/user/webdav');
    expect(within(dialog).getByRole('link', { name: 'Create an app password for WebDAV clients' }).getAttribute('href')).toBe('/settings/user/security');
  });

  it("copies the URL, toasts 'WebDAV URL copied to clipboard' and resets the copied flag after 5 s", async () => {
    const writeText = jest.fn((_text: string) => Promise.resolve());
    setClipboard(writeText);
    const { dialog } = await openSettings();
    jest.useFakeTimers();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Copy to clipboard' }));
    });
    expect(writeText).toHaveBeenCalledWith('https://cloud.test/remote.php/dav/files/alice/');
    expect(getToasts().map((toast) => [toast.type, toast.message])).toEqual([['success', 'WebDAV URL copied to clipboard']]);
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeTruthy();
    act(() => {
      jest.advanceTimersByTime(4999);
    });
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeTruthy();
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(within(dialog).getByRole('button', { name: 'Copy to clipboard' })).toBeTruthy();
  });

  it("says 'Clipboard is not available' without a clipboard or when writing fails", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    setClipboard(undefined);
    const { dialog } = await openSettings();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Copy to clipboard' }));
    });
    setClipboard(() => Promise.reject(new Error('denied')));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Copy to clipboard' }));
    });
    expect(getToasts().map((toast) => [toast.type, toast.message])).toEqual([
      ['error', 'Clipboard is not available'],
      ['error', 'Clipboard is not available'],
    ]);
    expect(within(dialog).getByRole('button', { name: 'Copy to clipboard' })).toBeTruthy();
  });

  it('mounts registered settings sections under Additional settings, each inside a boundary naming its plugin', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const cleanup = jest.fn();
    const { dialog } = await openSettings((services) => {
      services.host.registries.settingsSections.register(
        {
          id: 'sync',
          name: 'Sync',
          mount: (el) => {
            el.textContent = 'Sync every hour';
            return cleanup;
          },
        },
        'sync-plugin',
      );
      services.host.registries.settingsSections.register(
        {
          id: 'broken',
          name: 'Broken',
          mount: () => {
            throw new Error('nope');
          },
        },
        'broken-plugin',
      );
    });
    expect(within(dialog).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Files settings', 'Language', 'Additional settings', 'WebDAV']);
    const sync = within(dialog).getByRole('region', { name: 'Sync' });
    expect(sync.textContent).toBe('SyncSync every hour');
    expect(within(within(dialog).getByRole('region', { name: 'Broken' })).getByRole('alert').textContent).toBe('Plugin "broken-plugin" failed to render: nope');
    await act(async () => {
      fireEvent.keyDown(dialog, { key: 'Escape' });
    });
    expect(cleanup).toHaveBeenCalledTimes(1);
  });

  it('closes with Escape and with its close button, giving focus back to the opener', async () => {
    const { dialog, opener } = await openSettings();
    await act(async () => {
      fireEvent.keyDown(dialog, { key: 'Escape' });
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    await act(async () => {
      fireEvent.click(opener);
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps Tab inside the dialog', async () => {
    const { dialog } = await openSettings();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    const links = within(dialog).getAllByRole('link');
    expect(document.activeElement).toBe(links.at(-1));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
  });
});
