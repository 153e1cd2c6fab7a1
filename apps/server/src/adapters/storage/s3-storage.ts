import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Storage } from './storage';

/**
 * Where an S3-compatible bucket is, read from STORAGE_URL:
 * `s3://KEY:SECRET@host[:port]/bucket[/prefix]?region=us-east-1&tls=false`.
 * Path-style addressing, so MinIO, Ceph, R2 and AWS itself all work; `tls=false` for a bucket
 * on a private network (http).
 */
export interface S3Location {
  endpoint: string;
  region: string;
  bucket: string;
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export function parseS3Url(url: string): S3Location {
  const parsed = new URL(url);
  if (parsed.protocol !== 's3:') throw new Error('STORAGE_URL must start with s3://');
  const [bucket, ...prefix] = parsed.pathname.split('/').filter(Boolean);
  if (!bucket) throw new Error('STORAGE_URL must name the bucket: s3://KEY:SECRET@host/bucket');
  const tls = parsed.searchParams.get('tls') !== 'false';
  return {
    endpoint: `${tls ? 'https' : 'http'}://${parsed.host}`,
    region: parsed.searchParams.get('region') ?? 'us-east-1',
    bucket,
    prefix: prefix.length > 0 ? `${prefix.join('/')}/` : '',
    accessKeyId: decodeURIComponent(parsed.username),
    secretAccessKey: decodeURIComponent(parsed.password),
  };
}

/** The Storage interface on an S3-compatible bucket (the scaled-out mode's files). */
export function s3Storage(location: S3Location): Storage {
  const client = new S3Client({
    endpoint: location.endpoint,
    region: location.region,
    forcePathStyle: true,
    credentials: {
      accessKeyId: location.accessKeyId,
      secretAccessKey: location.secretAccessKey,
    },
  });
  const Bucket = location.bucket;
  const Key = (key: string) => `${location.prefix}${key}`;
  return {
    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: Key(key), Body: data }));
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: Key(key) }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : undefined;
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        if (
          (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
        )
          return undefined;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: Key(key) }));
    },
  };
}
