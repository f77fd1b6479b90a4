import { checkFilename, getUniqueName, uploadFilenameErrorMessage } from '../../lib/engine';
import type { Translate } from '@cumulus/sdk';
import type { FilenameRules } from '../../lib/engine';

/** What a name typed into the invalid-filename dialog gives. */
export type NewUploadName =
  /** Usable: `name` is what the entry is uploaded under (the typed name, trimmed, made unique). */
  | { valid: true; name: string }
  /** Refused: `problem` says why, in the upload wording of product §5. */
  | { valid: false; problem: string };

/**
 * Checks a replacement name for an upload entry (product §5 "Upload"): trimmed, it must pass
 * the filename rules (the refusal in the upload wording: '"{segment}" is not allowed inside
 * a file or folder name.', '"{segment}" is a forbidden file or folder name.', '"{segment}"
 * is a forbidden file type.', 'Filenames must not end with "{extension}".', or 'Filename
 * must not be empty.'); a name taken among `siblings` is not refused but made unique with
 * the engine's unique-name helper ('photo (1).jpg'; a folder's number goes at the end).
 */
export function newUploadName(typed: string, siblings: readonly string[], isFolder: boolean, rules: FilenameRules, t: Translate): NewUploadName {
  const name = typed.trim();
  const invalid = checkFilename(name, rules);
  if (invalid !== null) return { valid: false, problem: uploadFilenameErrorMessage(invalid, t) };
  return { valid: true, name: getUniqueName(name, siblings, { ignoreFileExtension: isFolder }) };
}
