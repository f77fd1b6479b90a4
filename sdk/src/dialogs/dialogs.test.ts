import { describe, expect, it, jest } from '@jest/globals';
import { activatePlugin } from '../plugin/activate-plugin';
import { definePlugin } from '../plugin/define-plugin';
import type { PluginContext, PluginHost } from '../plugin/types';
import { createRegistries } from '../registry/registries';
import { createEventBus } from '../events/create-event-bus';
import type { ConfirmOptions } from './types';
import type { HostDialogs } from './scope-dialogs';

/** Activates a plugin that keeps its context, on a host with `dialogs`. */
async function contextOn(dialogs: HostDialogs | undefined) {
  let kept: PluginContext | undefined;
  const host: PluginHost = { registries: createRegistries(), events: createEventBus(), t: (key) => key, reportError: () => undefined, ...(dialogs ? { dialogs } : {}) };
  const active = await activatePlugin(host, definePlugin({ id: 'asker', activate: (ctx) => void (kept = ctx) }));
  return { ctx: kept!, active };
}

const EMPTY: Required<ConfirmOptions> = { title: 'Confirm permanent deletion', message: 'Sure?', confirmLabel: 'Empty deleted files', destructive: true };

describe('ctx.dialogs.confirm', () => {
  it("hands the app the options and resolves to the user's answer", async () => {
    const confirm = jest.fn<HostDialogs['confirm']>().mockResolvedValueOnce(true).mockResolvedValueOnce(false);
    const { ctx } = await contextOn({ confirm });
    await expect(ctx.dialogs.confirm(EMPTY)).resolves.toBe(true);
    await expect(ctx.dialogs.confirm({ title: 'Leave?', message: 'Changes are lost.', confirmLabel: 'Leave' })).resolves.toBe(false);
    expect(confirm.mock.calls).toEqual([[EMPTY], [{ title: 'Leave?', message: 'Changes are lost.', confirmLabel: 'Leave', destructive: false }]]);
  });

  it('passes the app only the known fields, and takes only true as yes', async () => {
    const confirm = jest.fn<HostDialogs['confirm']>().mockResolvedValue('yes' as unknown as boolean);
    const { ctx } = await contextOn({ confirm });
    await expect(ctx.dialogs.confirm({ ...EMPTY, html: '<b>x</b>' } as ConfirmOptions)).resolves.toBe(false);
    expect(confirm).toHaveBeenCalledWith(EMPTY);
  });

  it.each([
    ['no object', null, 'the options must be an object'],
    ['an empty title', { ...EMPTY, title: ' ' }, 'title must be a non-empty string'],
    ['no message', { title: 'T', confirmLabel: 'OK' }, 'message must be a non-empty string'],
    ['a label of another type', { ...EMPTY, confirmLabel: 3 }, 'confirmLabel must be a non-empty string'],
    ['destructive of another type', { ...EMPTY, destructive: 'yes' }, 'destructive must be a boolean'],
  ])('refuses %s without showing anything', async (_case, options, reason) => {
    const confirm = jest.fn<HostDialogs['confirm']>();
    const { ctx } = await contextOn({ confirm });
    await expect(ctx.dialogs.confirm(options as ConfirmOptions)).rejects.toThrow(new TypeError(`Invalid confirm dialog: ${reason}`));
    expect(confirm).not.toHaveBeenCalled();
  });

  it('refuses when the app shows no dialogs', async () => {
    const { ctx } = await contextOn(undefined);
    await expect(ctx.dialogs.confirm(EMPTY)).rejects.toThrow('This app shows no dialogs');
  });

  it('refuses once the plugin is deactivated', async () => {
    const confirm = jest.fn<HostDialogs['confirm']>().mockResolvedValue(true);
    const { ctx, active } = await contextOn({ confirm });
    await active.deactivate();
    await expect(ctx.dialogs.confirm(EMPTY)).rejects.toThrow('Plugin "asker" is no longer active; dialog refused');
    expect(confirm).not.toHaveBeenCalled();
  });
});
