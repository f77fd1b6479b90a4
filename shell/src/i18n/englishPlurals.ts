/**
 * The English forms of the strings that take a plural: the key is the
 * English singular (the spec's wording), and i18next picks `_one` or
 * `_other` by the `count` passed to `t`. Other languages give their own
 * forms under the same key (Polish: `_one`, `_few`, `_many`, `_other`).
 */
export const englishPlurals: Record<string, string> = {
  '{count} file_one': '{count} file',
  '{count} file_other': '{count} files',
  '{count} folder_one': '{count} folder',
  '{count} folder_other': '{count} folders',
  '{count} file conflict in {dirname}_one': '{count} file conflict in {dirname}',
  '{count} file conflict in {dirname}_other': '{count} file conflicts in {dirname}',
  '{ended} of {count} file_one': '{ended} of {count} file',
  '{ended} of {count} file_other': '{ended} of {count} files',
};
