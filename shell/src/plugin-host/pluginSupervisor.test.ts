import { describe, expect, it, jest } from '@jest/globals';
import { PluginLoadError } from '@cumulus/remotes';
import { PluginError, activatePlugin, createEventBus, createRegistries, definePlugin } from '@cumulus/sdk';
import type { PluginHost } from '@cumulus/sdk';
import { createPluginFailures } from './pluginFailures';
import type { PluginFailureReport } from './pluginSupervisor';
import { createPluginSupervisor, sendPluginFailure } from './pluginSupervisor';

const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M0 0h24v24H0z"/></svg>';
const flush = (): Promise<void> => new Promise((done) => setTimeout(done, 0));

function setUp() {
  const failures = createPluginFailures();
  const notices: string[] = [];
  const sent: PluginFailureReport[] = [];
  const supervisor = createPluginSupervisor({
    failures,
    t: (key, vars) => key.replace(/\{(\w+)\}/g, (_, name: string) => String(vars?.[name])),
    notify: (message) => notices.push(message),
    send: (report) => {
      sent.push(report);
      return Promise.resolve();
    },
  });
  const host: PluginHost = { registries: createRegistries(), events: createEventBus(), t: (key) => key, reportError: (error) => supervisor.failedInside(error) };
  return { failures, notices, sent, supervisor, host };
}

const noisy = definePlugin({
  id: 'noisy',
  activate(ctx) {
    ctx.views.register({ id: 'noisy-view', name: 'Noisy', icon: ICON, getContents: () => Promise.reject(new Error('unused')) });
    ctx.columns.register({ id: 'noisy-col', title: 'Noisy', render: () => document.createElement('span') } as Parameters<typeof ctx.columns.register>[0]);
  },
});

describe('the plugin supervisor', () => {
  it('takes back everything of a plugin that throws inside an entry, and reports it once to the user and the server', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { host, supervisor, notices, sent } = setUp();
    supervisor.activated(await activatePlugin(host, noisy));
    expect(host.registries.views.get('noisy-view')).toBeDefined();

    host.reportError?.(new PluginError({ pluginId: 'noisy', phase: 'render', cause: new Error('cell exploded') }));
    host.reportError?.(new PluginError({ pluginId: 'noisy', phase: 'action', cause: new Error('again') }));
    await flush();

    expect(host.registries.views.getAll().map((view) => view.id)).toEqual([]);
    expect(host.registries.columns.getAll()).toEqual([]);
    expect(notices).toEqual(['Plugin "noisy" failed and was turned off: cell exploded']);
    expect(sent).toEqual([{ id: 'noisy', kind: 'render', reason: 'cell exploded' }]);
    expect(supervisor.failedIds()).toEqual(['noisy']);
  });

  it('never turns off the shell’s own entries', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { host, notices, sent } = setUp();
    host.reportError?.(new PluginError({ pluginId: 'core', phase: 'action', cause: new Error('x') }));
    await flush();
    expect([notices, sent]).toEqual([[], []]);
  });

  it('takes back a plugin that failed while its activation was still settling, once it is active', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { host, supervisor } = setUp();
    host.reportError?.(new PluginError({ pluginId: 'noisy', phase: 'filter', cause: new Error('early') }));
    supervisor.activated(await activatePlugin(host, noisy));
    await flush();
    expect(host.registries.views.getAll()).toEqual([]);
  });

  it('shows a load failure as an alert and tells the server once per plugin', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { supervisor, failures, sent, notices } = setUp();
    supervisor.loadFailed(new PluginLoadError('gone', 'http', 'its remote entry /x answered HTTP 404', { status: 404 }));
    expect(failures.getSnapshot().map((failure) => failure.message)).toEqual(['Plugin "gone" could not be loaded: its remote entry /x answered HTTP 404']);
    expect(sent).toEqual([{ id: 'gone', kind: 'http', reason: 'its remote entry /x answered HTTP 404' }]);
    expect(notices).toEqual([]);
  });
});

describe('sendPluginFailure', () => {
  it('posts the report as JSON with the request token, and takes a 429 calmly', async () => {
    const fetchStub = jest.fn<typeof fetch>().mockResolvedValue(new Response(null, { status: 429 }));
    await sendPluginFailure('https://cloud.example/', 'token-1', fetchStub)({ id: 'a', kind: 'render', reason: '' });
    expect(fetchStub).toHaveBeenCalledWith('https://cloud.example/apps/files/api/v1/plugins/failures', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', requesttoken: 'token-1' },
      body: JSON.stringify({ id: 'a', kind: 'render', reason: 'no reason given' }),
    });
  });
});
