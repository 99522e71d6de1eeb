import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { AppError } from '../http/app-error.ts';
import { servedType, type MediaStorage } from './media-storage.ts';

export interface S3Options {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Path-style addresses (http://host/bucket/key), which most S3-compatible servers need. */
  forcePathStyle: boolean;
}

/**
 * Media in an S3-compatible bucket, for several server nodes: uploads stream in parts (never whole
 * in memory), reads stream out with the client's Range passed through.
 */
export function createS3Storage(options: S3Options): MediaStorage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
  });
  const { bucket } = options;

  async function getObject(key: string, range?: string) {
    try {
      return await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: range }));
    } catch (error) {
      if (
        error instanceof NoSuchKey ||
        (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
      ) {
        return undefined;
      }
      throw error;
    }
  }

  return {
    async put(key, body) {
      // Upload sends a stream in 5 MB parts, so a 60 MB video never sits whole in memory.
      await new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: body, ContentType: servedType(key).contentType },
      }).done();
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async read(key) {
      const object = await getObject(key);
      if (!object?.Body) throw new Error(`no object ${key}`);
      return Buffer.from(await object.Body.transformToByteArray());
    },
    async serve(reply, key) {
      const range = reply.request.headers.range;
      const object = await getObject(key, typeof range === 'string' ? range : undefined);
      if (!object?.Body) throw new AppError('NOT_FOUND');
      void reply.header('accept-ranges', 'bytes');
      if (object.ContentLength !== undefined) void reply.header('content-length', object.ContentLength);
      if (object.ContentRange) void reply.status(206).header('content-range', object.ContentRange);
      if (object.ETag) void reply.header('etag', object.ETag);
      return reply.send(object.Body as Readable);
    },
  };
}
