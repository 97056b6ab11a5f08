import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../../config/env';

/**
 * Where document files are kept, outside the web root, under keys the server makes (never a name
 * a player sent). The local folder is the default; an S3-compatible object store by configuration.
 */
export interface DocumentStorage {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
}

/** Keys are `<uuid>.<png|jpg|pdf>`; anything else is refused before it reaches a file system or bucket. */
const KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|pdf)$/;

function checkedKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error('not a document storage key');
  return key;
}

export class LocalDocumentStorage implements DocumentStorage {
  readonly kind = 'local' as const;
  constructor(private readonly directory: string) {}

  private file(key: string): string {
    // Two levels of folders by the key's first characters keep any one folder small.
    const name = checkedKey(key);
    return path.join(this.directory, name.slice(0, 2), name);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    // 'wx': a key is written once; readable by the server's user only.
    await writeFile(file, bytes, { flag: 'wx', mode: 0o600 });
  }

  async get(key: string): Promise<Buffer> {
    return readFile(this.file(key));
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }
}

/** An S3-compatible bucket (AWS, MinIO, R2, …). The SDK is loaded only when this storage is configured. */
export class S3DocumentStorage implements DocumentStorage {
  readonly kind = 's3' as const;
  private client: Promise<S3Client> | undefined;

  constructor(
    private readonly options: {
      bucket: string;
      region: string;
      endpoint?: string | undefined;
      accessKeyId?: string | undefined;
      secretAccessKey?: string | undefined;
    },
  ) {}

  private async s3() {
    const sdk = await import('@aws-sdk/client-s3');
    this.client ??= Promise.resolve(
      new sdk.S3Client({
        region: this.options.region,
        ...(this.options.endpoint ? { endpoint: this.options.endpoint, forcePathStyle: true } : {}),
        ...(this.options.accessKeyId && this.options.secretAccessKey
          ? { credentials: { accessKeyId: this.options.accessKeyId, secretAccessKey: this.options.secretAccessKey } }
          : {}),
      }),
    );
    return { sdk, client: await this.client };
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const { sdk, client } = await this.s3();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.options.bucket,
        Key: `documents/${checkedKey(key)}`,
        Body: bytes,
        ContentType: contentType,
        ContentDisposition: 'attachment',
        ServerSideEncryption: 'AES256',
        // Never overwrite: a key is written once.
        IfNoneMatch: '*',
      }),
    );
  }

  async get(key: string): Promise<Buffer> {
    const { sdk, client } = await this.s3();
    const answer = await client.send(new sdk.GetObjectCommand({ Bucket: this.options.bucket, Key: `documents/${checkedKey(key)}` }));
    if (!answer.Body) throw new Error('document object has no body');
    return Buffer.from(await answer.Body.transformToByteArray());
  }

  async delete(key: string): Promise<void> {
    const { sdk, client } = await this.s3();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.options.bucket, Key: `documents/${checkedKey(key)}` }));
  }
}

const byConfig = new WeakMap<Config, DocumentStorage>();

/** The storage DOCUMENT_STORAGE names, one per configuration (so per running server). */
export function documentStorage(config: Config): DocumentStorage {
  let storage = byConfig.get(config);
  if (!storage) {
    storage =
      config.DOCUMENT_STORAGE === 's3'
        ? new S3DocumentStorage({
            bucket: config.DOCUMENT_S3_BUCKET ?? '',
            region: config.DOCUMENT_S3_REGION ?? '',
            endpoint: config.DOCUMENT_S3_ENDPOINT,
            accessKeyId: config.DOCUMENT_S3_ACCESS_KEY_ID,
            secretAccessKey: config.DOCUMENT_S3_SECRET_ACCESS_KEY,
          })
        : new LocalDocumentStorage(config.DOCUMENT_DIR ? path.resolve(config.DOCUMENT_DIR) : path.join(config.dataDir, 'documents'));
    byConfig.set(config, storage);
  }
  return storage;
}
