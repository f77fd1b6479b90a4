import { describe, expect, it } from '@jest/globals';
import { createFileListFilter } from '@cumulus/sdk';
import { hostDialogs } from '../ui/confirm/confirmStore';
import { createFakeServices } from '../test-support/fakeServices';
import type { PageContext } from '../services/pageContext';
import { createShellHost, createShellStore } from './shellHost';

const start = { t: (key: string) => key, language: 'en', translatorFor: () => (key: string) => key, reportError: () => undefined };

describe('the host construction both composition roots share', () => {
  it("gives the host fresh registries, the shell's dialogs, and announces a filter registered after it", () => {
    const host = createShellHost(start);
    const added: string[] = [];
    host.events.on('files:filter:added', ({ filter }) => void added.push(filter.id));
    host.registries.fileListFilters.register(createFileListFilter('type'), 'types');
    expect(added).toEqual(['type']);
    expect(host.dialogs).toBe(hostDialogs);
    expect(createShellHost(start).registries).not.toBe(host.registries);
  });

  it("builds a store that knows the page's core config and follows which views exist, also views registered later", async () => {
    const { services } = await createFakeServices();
    const store = createShellStore(services, { enableNonAccessibleFeatures: true } as PageContext);
    expect(store.getState().coreConfig).toMatchObject({ enableNonAccessibleFeatures: true });
    services.host.registries.views.register({ id: 'later', name: 'Later', icon: '<svg xmlns="http://www.w3.org/2000/svg"></svg>', getContents: () => Promise.reject(new Error('unused')) }, 'plugin');
    expect(store.getState().views.ids).toContain('later');
  });
});
