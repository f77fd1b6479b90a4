import type { ConfirmOptions, HostDialogs } from '@cumulus/sdk';
import { createDialogRequest } from '../dialogRequest';

/** The confirmation dialog's open request; a cancel (Escape, 'Cancel', a newer request) answers false. */
export const confirmDialog = createDialogRequest<Required<ConfirmOptions>, boolean>(false);

/** The dialogs the shell shows for plugins (`PluginHost.dialogs`): `ctx.dialogs.confirm` opens this one. */
export const hostDialogs: HostDialogs = { confirm: (options) => confirmDialog.ask(options) };
