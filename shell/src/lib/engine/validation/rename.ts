import { englishTranslate } from '@cumulus/sdk';
import type { Translate } from '@cumulus/sdk';
import { checkFilename, filenameErrorMessage } from './filename';
import type { FilenameRules } from './filename';

/** Options of {@link validateRename}. */
export interface RenameOptions {
  /** The filename rules the server configures (see {@link FilenameRules}). */
  rules?: FilenameRules;
  /** The node's current name: submitting it unchanged is valid and marked `unchanged`. */
  currentName?: string;
  /** Translation function; the spec's English strings are the keys. */
  t?: Translate;
}

/** The outcome of {@link validateRename}. */
export type RenameValidation =
  | {
      /** The new name can be submitted. */
      valid: true;
      /** The trimmed name to submit. */
      name: string;
      /** True when the trimmed name equals the current name: the rename just closes. */
      unchanged: boolean;
    }
  | {
      /** The new name is refused. */
      valid: false;
      /** The trimmed name that was checked. */
      name: string;
      /** The reason, for the field's validity message, for example 'Filename must not be empty.'. */
      validity: string;
      /** The toast text: 'Invalid filename.' plus the reason; a sibling clash alone. */
      message: string;
    };

/**
 * Validate a new name typed into the rename field (product §5): the input is
 * trimmed and required (at least 1 character); a name equal to a sibling's
 * gives 'Another entry with the same name already exists.'; otherwise the
 * filename rules apply with the rename wording. A refusal carries the reason
 * (`validity`) and the toast text (`message`): 'Invalid filename.' plus the
 * reason for a name of the wrong form, the clash sentence alone for a clash.
 *
 * @param siblings - basenames of the other entries of the folder; the
 *   current name, when listed, is not a clash.
 */
export function validateRename(newName: string, siblings: readonly string[], options: RenameOptions = {}): RenameValidation {
  const { rules, currentName, t = englishTranslate } = options;
  const name = newName.trim();
  const refuse = (validity: string, message = `${t('Invalid filename.')} ${validity}`): RenameValidation => ({
    valid: false,
    name,
    validity,
    message,
  });

  if (name.length < 1) return refuse(t('Filename must not be empty.'));
  if (currentName !== undefined && name === currentName) return { valid: true, name, unchanged: true };
  // A clash is no fault of the name's form: it is said alone, without 'Invalid filename.'.
  if (siblings.includes(name)) return refuse(t('Another entry with the same name already exists.'), t('Another entry with the same name already exists.'));
  const error = checkFilename(name, rules);
  if (error) return refuse(filenameErrorMessage(error, t));
  return { valid: true, name, unchanged: false };
}
