import { useEffect } from 'react';
import { OnDemand, lazyComponent } from '../../app/OnDemand';
import { resolvePicker, usePickerRequest } from './pickerStore';

const MoveCopyPicker = lazyComponent(() => import('./MoveCopyPicker').then((module) => module.MoveCopyPicker));

/** A picker whose code could not be fetched cancels, as closing it would. */
const cancelPicker = () => resolvePicker(null);

/**
 * The move or copy folder picker (spec §5 "Move/copy"): an accessible modal
 * dialog over the user's folders with breadcrumbs, 'Copy to {target}' and
 * 'Move to {target}' buttons as the label rule offers them, disabled with
 * the spec's refusal shown when the destination is refused, copy only into
 * a folder with create permission. Escape, the close button or a click
 * beside it cancel. Mounted once; shows while a request is open, its code
 * fetched with the first one (see `MoveCopyPicker`).
 */
export function MoveCopyDialog() {
  const request = usePickerRequest();
  // Unmounted while open (the list went away): the action must not wait for ever.
  useEffect(() => () => resolvePicker(null), []);
  return request === null ? null : (
    <OnDemand key={request.id} onFailure={cancelPicker}>
      <MoveCopyPicker request={request} />
    </OnDemand>
  );
}
