import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  UploadPartCopyCommand,
} from '@aws-sdk/client-s3';
import type { CompletedPart, GetObjectCommandOutput } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import type { OpenedFile } from '../content-store';
import type { StreamLimits } from '../batched-writer';
import { checkLimits } from '../batched-writer';
import { StorageError, fail } from '../../../errors';
import type { ByteRange, WantedRange } from '../../model/types';
import type { ListedObject, ObjectStore, PendingUpload, StoredObject } from './object-store';
import type { PartPlan, Piece } from './multipart-plan';
import { MAX_PART_BYTES, planParts } from './multipart-plan';
import type { S3Config } from './s3-config';
import { DEFAULT_S3_ATTEMPTS, DEFAULT_S3_TIMEOUT_MS } from './s3-config';
import { contentRange, patientBody, rangeHeader, status, unreachable } from './s3-answers';

export { STALLED_RETRY_AFTER_S } from './s3-answers';

// The SDK warns, in 8 lines on stderr at the first client of every server start and CLI command,
// that its releases after January 2027 need Node 22; the supported Node is 20 (package.json's
// engines). Its own switch turns that off; an operator who sets it otherwise is heard.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/**
 * Bytes of one part of a streamed put: a body up to this size goes in one PutObject, a larger
 * one as a multipart upload of parts this size (above S3's 5 MiB minimum).
 */
export const PUT_PART_BYTES = 8 * 1024 * 1024;
/**
 * Parts of a streamed put uploaded at the same time while the next one is read (a put holds at
 * most one more than this in memory, 32 MiB). 128 MiB puts to RGW on loopback, alternating,
 * 4 rounds on this busy 2-core machine: one part in flight 55/108/133/135 MiB/s, three
 * 133/194/194/202 MiB/s.
 */
const PUT_PARTS_IN_FLIGHT = 3;
/** Parts of an assembly copied or uploaded at the same time. */
const ASSEMBLY_CONCURRENCY = 4;
/** Keys per DeleteObjects request (S3's maximum). */
const DELETE_BATCH = 1000;
/**
 * The slowest server-side copy taken for working, in bytes per second: a CopyObject,
 * UploadPartCopy or CompleteMultipartUpload sends nothing until the store has done the work,
 * so such a call may take the timeout plus its bytes at this rate (5 GiB: about 9 minutes).
 */
const SLOWEST_COPY_BYTES_PER_S = 10 * 1024 * 1024;

/**
 * {@link ObjectStore} on an S3-compatible service (AWS S3, Ceph RGW, MinIO) through the AWS
 * SDK. One bucket holds an installation's objects. Checksums are sent only where S3 requires
 * them (`WHEN_REQUIRED`): the SDK's default CRC32 trailers are not understood by every
 * S3-compatible service (docs/toolchain.md).
 */
export class S3ObjectStore implements ObjectStore {
  /** The SDK client (tests inspect the bucket through it). */
  readonly client: S3Client;
  /**
   * The client of the server-side copies, which send nothing until they are done: no limit on
   * silence, but one on the whole call, given per call ({@link SLOWEST_COPY_BYTES_PER_S}).
   */
  private readonly copyClient: S3Client;
  private readonly bucket: string;
  private readonly endpoint: string | undefined;
  private readonly timeoutMs: number;
  private readonly maxAttempts: number;

  /**
   * Every request has a timeout: a connection that does not open, or a request that goes
   * without a byte either way, for `timeoutMs` (default 10 s), fails, and the SDK tries it
   * again up to `maxAttempts` times in all (default 3) with its back-off; a request that still
   * fails so is a {@link StorageError} `unavailable` (503 with `Retry-After`) whose message
   * names the call, so a stalled store is answered within about attempts × timeout.
   */
  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.endpoint = config.endpoint;
    this.timeoutMs = config.timeoutMs ?? DEFAULT_S3_TIMEOUT_MS;
    this.maxAttempts = config.maxAttempts ?? DEFAULT_S3_ATTEMPTS;
    const settings = {
      ...(config.endpoint !== undefined ? { endpoint: config.endpoint } : {}),
      region: config.region,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      forcePathStyle: config.forcePathStyle,
      requestChecksumCalculation: 'WHEN_REQUIRED' as const,
      responseChecksumValidation: 'WHEN_REQUIRED' as const,
      maxAttempts: this.maxAttempts,
    };
    this.client = new S3Client({
      ...settings,
      requestHandler: { connectionTimeout: this.timeoutMs, socketTimeout: this.timeoutMs },
    });
    this.copyClient = new S3Client({
      ...settings,
      requestHandler: { connectionTimeout: this.timeoutMs, requestTimeout: this.timeoutMs, throwOnRequestTimeout: true },
    });
    for (const client of [this.client, this.copyClient]) {
      // Outside the SDK's retries (the initialize step): sees the last try's failure.
      client.middlewareStack.add(
        (next, context) => async (args) => {
          try {
            return await next(args);
          } catch (error) {
            const call = (context.commandName ?? 'request').replace(/Command$/, '');
            const input = args.input as { Key?: unknown; Prefix?: unknown };
            const target = typeof input.Key === 'string' ? ` of ${input.Key}` : typeof input.Prefix === 'string' ? ` under "${input.Prefix}"` : '';
            throw unreachable(error, `${call}${target}`, this.maxAttempts, this.timeoutMs) ?? error;
          }
        },
        { step: 'initialize', name: 'cumulusUnreachableStore' },
      );
    }
  }

  /** Closes the client's connections. */
  destroy(): void {
    this.client.destroy();
    this.copyClient.destroy();
  }

  /** The `requestTimeout` of a server-side copy of `bytes`: the timeout, plus the bytes at {@link SLOWEST_COPY_BYTES_PER_S}. */
  private copyTime(bytes: number): { requestTimeout: number } {
    return { requestTimeout: this.timeoutMs + Math.ceil((bytes / SLOWEST_COPY_BYTES_PER_S) * 1000) };
  }

  async ensureReady(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      return;
    } catch (error) {
      if (status(error) !== 404) throw error;
    }
    try {
      await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      // Another server process created it meanwhile.
      if (!(error instanceof Error && error.name === 'BucketAlreadyOwnedByYou')) throw error;
    }
  }

  async problem(): Promise<string | null> {
    const at = this.endpoint ?? 'AWS';
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      return null;
    } catch (error) {
      if (error instanceof StorageError) return `No S3 service answers at ${at} (${error.message}): check CUMULUS_S3_ENDPOINT.`;
      const code = status(error);
      if (code === 404) return `The bucket ${this.bucket} does not exist at ${at} (404): create it first, or check its name.`;
      if (code === 403) {
        return `The keys may not use the bucket ${this.bucket} at ${at} (403): check CUMULUS_S3_ACCESS_KEY_ID and CUMULUS_S3_SECRET_ACCESS_KEY, and that the bucket is theirs.`;
      }
      if (code === 301 || code === 400) return `The bucket ${this.bucket} at ${at} answered ${code}: check CUMULUS_S3_REGION and CUMULUS_S3_PATH_STYLE.`;
      const name = (error as { name?: unknown } | null)?.name;
      return `The bucket ${this.bucket} at ${at} answered ${code ?? 'with no status'} (${String(name ?? error)}): check CUMULUS_S3_ENDPOINT and the keys.`;
    }
  }

  async put(key: string, source: AsyncIterable<Buffer> | Readable, limits: StreamLimits): Promise<StoredObject> {
    let written = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let upload: { id: string; parts: CompletedPart[]; inFlight: Promise<void>[] } | null = null;
    try {
      for await (const piece of source) {
        written += piece.length;
        checkLimits(written, limits);
        pending.push(piece);
        pendingBytes += piece.length;
        if (pendingBytes < PUT_PART_BYTES) continue;
        if (!upload) upload = { id: await this.beginUpload(key), parts: [], inFlight: [] };
        if (upload.inFlight.length >= PUT_PARTS_IN_FLIGHT) await upload.inFlight.shift();
        const sent = this.uploadPart(key, upload.id, upload.parts, Buffer.concat(pending, pendingBytes));
        // Marked handled now (a failure while the next part is read must not count as unhandled); awaiting it throws it.
        sent.catch(() => undefined);
        upload.inFlight.push(sent);
        pending = [];
        pendingBytes = 0;
      }
      if (limits.expectedLength !== undefined && written !== limits.expectedLength) {
        fail('bad-request', `Expected ${limits.expectedLength} bytes but received ${written}`);
      }
      const rest = Buffer.concat(pending, pendingBytes);
      if (!upload) {
        await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: rest, ContentLength: rest.length }));
      } else {
        await Promise.all(upload.inFlight);
        if (rest.length > 0) await this.uploadPart(key, upload.id, upload.parts, rest);
        await this.completeUpload(key, upload.id, upload.parts, written);
      }
    } catch (error) {
      if (upload) {
        await Promise.allSettled(upload.inFlight);
        await this.abort(key, upload.id);
      }
      throw error;
    }
    return this.headAfterWrite(key, written);
  }

  async head(key: string): Promise<StoredObject | null> {
    try {
      const found = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: found.ContentLength ?? 0, etag: found.ETag ?? '' };
    } catch (error) {
      if (status(error) === 404) return null;
      throw error;
    }
  }

  async open(key: string, wanted?: WantedRange): Promise<OpenedFile> {
    // The first GET starts now, so that the version opened is the one whose bytes are sent: a
    // HEAD then a GET would fail (If-Match) whenever a PUT replaced the object in between, as
    // a busy file's readers would often see. It fetches the wanted range only, or the whole
    // object; another range (or a second read) is a GET of this version by its ETag, and the
    // unused first GET is then dropped.
    let answer: GetObjectCommandOutput;
    try {
      answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, ...(wanted ? { Range: rangeHeader(wanted) } : {}) }));
    } catch (error) {
      if (status(error) === 404) fail('not-found', 'File not found');
      // Nothing of the object lies in the range (an empty object, a start past the end): the
      // whole object's GET tells the size, for the caller to answer 416 with.
      if (wanted && status(error) === 416) return this.open(key);
      throw error;
    }
    const etag = answer.ETag ?? '';
    // A 206 tells which bytes came and the whole size in Content-Range; a store that ignored
    // the Range header sent everything (200).
    const partial = answer.$metadata.httpStatusCode === 206 ? contentRange(answer.ContentRange) : null;
    if (answer.$metadata.httpStatusCode === 206 && !partial) {
      (answer.Body as Readable).destroy();
      return this.open(key);
    }
    const size = partial ? partial.size : (answer.ContentLength ?? 0);
    const fetched: ByteRange = partial ? partial.range : { start: 0, end: size - 1 };
    let first: Readable | null = patientBody(answer.Body as Readable);
    const drop = (): void => {
      first?.destroy();
      first = null;
    };
    const read = this.read.bind(this);
    return {
      size,
      stream: (range?: ByteRange) => {
        const asked = range ?? { start: 0, end: size - 1 };
        if (first && asked.start === fetched.start && asked.end === fetched.end) {
          const body = first;
          first = null;
          return body;
        }
        drop();
        return Readable.from(read(key, etag, range), { objectMode: false, highWaterMark: 1024 * 1024 });
      },
      close: async () => drop(),
    };
  }

  /** The bytes of one version (`etag`) of an object, or of a range of it. */
  private async *read(key: string, etag: string, range?: ByteRange): AsyncGenerator<Buffer> {
    let body: Readable;
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, IfMatch: etag, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      body = patientBody(answer.Body as Readable);
    } catch (error) {
      const code = status(error);
      if (code === 412 || code === 404) fail('conflict', 'The file changed while it was being read');
      throw error;
    }
    try {
      for await (const data of body) yield data as Buffer;
    } finally {
      body.destroy();
    }
  }

  async copy(from: string, to: string): Promise<StoredObject> {
    const source = await this.head(from);
    if (!source) fail('not-found', 'File not found');
    // CopyObject takes up to 5 GiB; a larger object is copied in ranges of a multipart upload.
    if (source.size > MAX_PART_BYTES) return this.assemble(to, [{ key: from, size: source.size }]);
    try {
      await this.copyClient.send(new CopyObjectCommand({ Bucket: this.bucket, Key: to, CopySource: this.copySource(from), CopySourceIfMatch: source.etag }), this.copyTime(source.size));
    } catch (error) {
      const code = status(error);
      if (code === 404 || code === 412) fail('conflict', 'The file changed while it was being copied');
      throw error;
    }
    return this.headAfterWrite(to, source.size);
  }

  async assemble(key: string, pieces: readonly Piece[]): Promise<StoredObject> {
    // Each piece must be there at the size the caller recorded: a missing or resized chunk fails the whole assembly.
    const found = await Promise.all(pieces.map(async (piece) => ({ piece, stored: await this.head(piece.key) })));
    for (const { piece, stored } of found) {
      if (stored?.size !== piece.size) fail('conflict', `Chunk ${piece.key} changed during assembly`);
    }
    const etags = new Map(found.map(({ piece, stored }) => [piece.key, (stored as StoredObject).etag]));
    const parts = planParts(pieces);
    const size = parts.reduce((sum, part) => sum + part.size, 0);
    const only = parts[0];
    if (parts.length <= 1 && only?.kind !== 'copy') {
      const data = only ? await this.readRanges(only, etags) : Buffer.alloc(0);
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentLength: data.length }));
      return this.headAfterWrite(key, size);
    }
    const uploadId = await this.beginUpload(key);
    try {
      const completed: CompletedPart[] = new Array(parts.length);
      let next = 0;
      const worker = async (): Promise<void> => {
        while (next < parts.length) {
          const index = next;
          next += 1;
          completed[index] = await this.assemblePart(key, uploadId, index + 1, parts[index] as PartPlan, etags);
        }
      };
      await Promise.all(Array.from({ length: Math.min(ASSEMBLY_CONCURRENCY, parts.length) }, worker));
      await this.completeUpload(key, uploadId, completed, size);
    } catch (error) {
      await this.abort(key, uploadId);
      const code = status(error);
      if (code === 404 || code === 412) fail('conflict', 'A chunk changed during assembly');
      throw error;
    }
    return this.headAfterWrite(key, size);
  }

  /** Copies or uploads one planned part; returns what CompleteMultipartUpload needs of it. */
  private async assemblePart(key: string, uploadId: string, partNumber: number, part: PartPlan, etags: Map<string, string>): Promise<CompletedPart> {
    if (part.kind === 'copy') {
      const { piece, start, end } = part.range;
      const copied = await this.copyClient.send(
        new UploadPartCopyCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          PartNumber: partNumber,
          CopySource: this.copySource(piece.key),
          CopySourceRange: `bytes=${start}-${end}`,
          CopySourceIfMatch: etags.get(piece.key),
        }),
        this.copyTime(end - start + 1),
      );
      return { PartNumber: partNumber, ETag: copied.CopyPartResult?.ETag };
    }
    const data = await this.readRanges(part, etags);
    const uploaded = await this.client.send(new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumber: partNumber, Body: data, ContentLength: data.length }));
    return { PartNumber: partNumber, ETag: uploaded.ETag };
  }

  /** The bytes of an uploaded part (at most 5 MiB), read from its pieces' versions. */
  private async readRanges(part: PartPlan & { kind: 'upload' }, etags: Map<string, string>): Promise<Buffer> {
    const buffers: Buffer[] = [];
    for (const range of part.ranges) {
      for await (const data of this.read(range.piece.key, etags.get(range.piece.key) ?? '', { start: range.start, end: range.end })) buffers.push(data);
    }
    const data = Buffer.concat(buffers);
    if (data.length !== part.size) fail('conflict', 'A chunk changed during assembly');
    return data;
  }

  async delete(keys: readonly string[]): Promise<void> {
    for (let at = 0; at < keys.length; at += DELETE_BATCH) {
      const batch = keys.slice(at, at + DELETE_BATCH);
      const answer = await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((key) => ({ Key: key })), Quiet: true } }),
      );
      const failed = answer.Errors?.[0];
      if (failed) throw new Error(`Object ${failed.Key ?? '?'} could not be deleted: ${failed.Code ?? ''} ${failed.Message ?? ''}`);
    }
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }));
      for (const object of page.Contents ?? []) {
        if (object.Key !== undefined) yield { key: object.Key, size: object.Size ?? 0, lastModified: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async *listUploads(prefix: string): AsyncIterable<PendingUpload> {
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    for (;;) {
      const page = await this.client.send(
        new ListMultipartUploadsCommand({ Bucket: this.bucket, Prefix: prefix, ...(keyMarker ? { KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker } : {}) }),
      );
      for (const upload of page.Uploads ?? []) {
        if (upload.Key !== undefined && upload.UploadId !== undefined) yield { key: upload.Key, uploadId: upload.UploadId, initiated: upload.Initiated ?? new Date(0) };
      }
      if (!page.IsTruncated) return;
      keyMarker = page.NextKeyMarker;
      uploadIdMarker = page.NextUploadIdMarker;
    }
  }

  async abortUpload(upload: PendingUpload): Promise<void> {
    await this.abort(upload.key, upload.uploadId);
  }

  private async beginUpload(key: string): Promise<string> {
    const begun = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key }));
    if (!begun.UploadId) throw new Error(`The object store began no multipart upload for ${key}`);
    return begun.UploadId;
  }

  private async uploadPart(key: string, uploadId: string, parts: CompletedPart[], data: Buffer): Promise<void> {
    const partNumber = parts.length + 1;
    parts.push({ PartNumber: partNumber });
    const uploaded = await this.client.send(new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumber: partNumber, Body: data, ContentLength: data.length }));
    parts[partNumber - 1] = { PartNumber: partNumber, ETag: uploaded.ETag };
  }

  /** Completes a multipart upload of `bytes` in all (the store may put the parts together before it answers). */
  private async completeUpload(key: string, uploadId: string, parts: CompletedPart[], bytes: number): Promise<void> {
    await this.copyClient.send(new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }), this.copyTime(bytes));
  }

  /** Drops an unfinished upload; a failure to do so is left to the sweep (listUploads). */
  private async abort(key: string, uploadId: string): Promise<void> {
    await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId })).catch(() => undefined);
  }

  /**
   * The object just written, read back: RGW answers CompleteMultipartUpload with an empty ETag
   * (docs/toolchain.md), and the size is checked against what was sent.
   */
  private async headAfterWrite(key: string, size: number): Promise<StoredObject> {
    const stored = await this.head(key);
    if (!stored || stored.etag === '') throw new Error(`The object store lost ${key} right after writing it`);
    // Another writer replaced it meanwhile: its size is the one that counts now, and it is whole.
    if (stored.size !== size) fail('conflict', 'The file was replaced while it was being written');
    return stored;
  }

  /** `x-amz-copy-source`: the bucket and the key, URL-encoded segment by segment. */
  private copySource(key: string): string {
    return `${this.bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
  }
}
