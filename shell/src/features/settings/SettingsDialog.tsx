/**
 * The Files settings dialog's place (spec §2 "Settings dialog"). Placeholder
 * of the skeleton: the settings feature renders the dialog here when
 * `state.settings.open` is true.
 */
export function SettingsDialog() {
  return null;
}
