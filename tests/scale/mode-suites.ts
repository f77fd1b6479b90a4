/**
 * The suites the two scale-out test modes run by default, chosen so that `.ci/run` (which runs
 * both after `npm test`) covers each piece of code once per mode without running the same
 * content-agnostic suite twice on PostgreSQL:
 * - `CUMULUS_TEST_S3_POSTGRES=1 npm run test:s3` (tests/scale/run-on-s3.ts), the issue's
 *   scale-out mode: PostgreSQL, content on Ceph RGW, two processes behind nginx; runs
 *   {@link SUITES_ON_S3} and {@link BROWSER_THROUGH_BALANCER};
 * - `npm run test:pg` (tests/scale/run-on-postgres.ts): PostgreSQL with content on the local
 *   disk, two processes on one data dir behind nginx; runs the storage, account and WebDAV
 *   suites and the conformance suites except {@link LEFT_TO_THE_S3_MODE}.
 */

/**
 * The browser end-to-end suite, all of it (jest reads a path as a pattern: the plugins'
 * plugins/<id>/tests/e2e/ too), against the balancer on S3 (a test that edits the disk
 * behind the server's back is skipped there, its reason in its name).
 */
export const BROWSER_THROUGH_BALANCER = ['tests/e2e/'];

/**
 * The protocol suites that run with content on S3: WebDAV conformance (litmus, rclone,
 * nextcloudcmd, chunked upload, checksums, hostile requests, DAV views, bulk upload, trash,
 * favorites and recent) and the server's WebDAV method, property, race, mistake and hostile
 * input tests. Left out: the suites about the local disk itself (files changed behind the
 * server's back, crash kills between renames, the data dir's layout), which the objects mode
 * has no use for; tests of the disk inside these suites are skipped on S3 (`itOnDisk`).
 */
export const SUITES_ON_S3 = [
  'tests/conformance/litmus.test.ts',
  'tests/conformance/rclone.test.ts',
  'tests/conformance/nextcloudcmd.test.ts',
  'tests/conformance/chunked-upload.test.ts',
  'tests/conformance/checksums.test.ts',
  'tests/conformance/hostile-dav.test.ts',
  'tests/conformance/dav-views.test.ts',
  'tests/conformance/bulk-upload.test.ts',
  'plugins/trash/tests/conformance/trash.test.ts',
  'tests/conformance/favorites-recent.test.ts',
  'tests/server/webdav-methods.test.ts',
  'tests/server/webdav-properties.test.ts',
  'tests/server/races.test.ts',
  'tests/server/rename-race.test.ts',
  'tests/server/client-mistakes.test.ts',
  'tests/server/hostile-input.test.ts',
  'tests/server/preview-and-links.test.ts',
  // PDF and video thumbnails: the tools read a copy made through the content backend (the bucket here).
  'tests/server/previews-documents.test.ts',
  'plugins/trash/tests/server/trash.test.ts',
  'plugins/versions/tests/server/versions.test.ts',
  'tests/server/search-by-id.test.ts',
  // Folder archives read through ranged object reads (the ZIP64 and 10,000-file tests work on the disk: skipped there).
  'tests/server/archive-downloads.test.ts',
  'tests/faults/archive-resume.test.ts',
  // CRC-32s stored by PUT and chunked uploads on the object store too.
  'tests/server/archive-crc.test.ts',
  // Two processes behind nginx: litmus, a chunked upload across both, one SIGKILLed amid uploads and listings.
  'tests/scale/balancer.test.ts',
];

/**
 * Of {@link SUITES_ON_S3}, those that also run on local content in `npm run test:pg`: they
 * test the disk itself (`itOnDisk`: edits, links and renames behind the server's back, the
 * assembly file of a chunked upload, path limits) or local content's own code under two
 * processes (journaled writes and renames racing, the disk scan of a sync client's PROPFINDs).
 */
const ALSO_ON_LOCAL_CONTENT = [
  'tests/conformance/chunked-upload.test.ts',
  'tests/conformance/checksums.test.ts',
  'tests/conformance/hostile-dav.test.ts',
  'tests/conformance/nextcloudcmd.test.ts',
  'tests/server/client-mistakes.test.ts',
  'tests/server/races.test.ts',
  'tests/server/rename-race.test.ts',
];

/**
 * What `npm run test:pg` leaves to the scale-out mode on S3: content-agnostic protocol suites
 * and the browser files, whose PostgreSQL and balancer paths are the same whichever the
 * content (local content runs them in `npm test`).
 */
export const LEFT_TO_THE_S3_MODE = [...SUITES_ON_S3.filter((suite) => !ALSO_ON_LOCAL_CONTENT.includes(suite)), ...BROWSER_THROUGH_BALANCER];
