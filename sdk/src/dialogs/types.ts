/** What a confirmation asks: the texts are shown as given, so pass them through `ctx.t`. */
export interface ConfirmOptions {
  /** The dialog's title (its accessible name), e.g. 'Confirm permanent deletion'. */
  title: string;
  /** The question, in a sentence or two. */
  message: string;
  /** The label of the button that says yes, e.g. 'Empty deleted files' (the other one is the app's 'Cancel'). */
  confirmLabel: string;
  /** Whether saying yes destroys something: the yes button is styled as a danger and the focus starts on 'Cancel'. */
  destructive?: boolean;
}

/** Dialogs the app shows for a plugin, in its own look, focus handling and language. */
export interface Dialogs {
  /**
   * Asks the user to confirm, in a modal dialog of the app. Resolves to `true` when the
   * user says yes, `false` on 'Cancel', Escape, or when the dialog is closed otherwise (a
   * newer dialog takes its place, the screen it belongs to goes). The keyboard focus goes
   * back to where it was when the dialog closes.
   *
   * Rejects with a `TypeError` for options that are not {@link ConfirmOptions} (an empty
   * title, message or label included), and when the app offers no dialogs.
   */
  confirm(options: ConfirmOptions): Promise<boolean>;
}
