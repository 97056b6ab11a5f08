import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Db } from '../../db/database';

import { findAllPosts, upsertPost } from '../content-posts.repository';
import { InvalidPostError, postTypeNames, preparePostForWrite } from '../post-types';

/**
 * `npm run content:export <dir>` / `content:import <dir>`: every content post as one JSON file,
 * `<dir>/<type>/<slug>.<lang>.json`. Import validates and sanitises every file before writing any,
 * then upserts by (type, slug, lang) in one transaction, so running it twice changes nothing.
 */
export const transferableTypes = [...postTypeNames, 'configuration', 'translations'] as const;

export const contentFileSchema = z.object({
  type: z.enum(transferableTypes),
  slug: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,199}$/, { message: 'must be a content slug' }),
  lang: z.enum(['en', 'mk']),
  status: z.enum(['publish', 'draft']).default('publish'),
  title: z.string().min(1).max(300),
  content: z.string().max(200_000).default(''),
  priority: z.number().int().default(0),
  acf: z.record(z.string(), z.unknown()).default({}),
});
export type ContentFile = z.infer<typeof contentFileSchema>;

const fileName = (post: { slug: string; lang: string }) => `${post.slug}.${post.lang}.json`;

export async function exportContent(db: Db, directory: string): Promise<{ files: number; types: Record<string, number> }> {
  const rows = await findAllPosts(db, transferableTypes);
  const types: Record<string, number> = {};
  for (const row of rows) {
    const file: ContentFile = {
      type: row.type as ContentFile['type'],
      slug: row.slug,
      lang: row.lang === 'mk' ? 'mk' : 'en',
      status: row.status === 'draft' ? 'draft' : 'publish',
      title: row.title,
      content: row.content,
      priority: row.priority,
      acf: row.acf,
    };
    const folder = path.join(directory, row.type);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, fileName(file)), `${JSON.stringify(file, null, 2)}\n`);
    types[row.type] = (types[row.type] ?? 0) + 1;
  }
  return { files: rows.length, types };
}

export class ContentImportError extends Error {
  constructor(readonly problems: string[]) {
    super(`content import refused, nothing written:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    this.name = 'ContentImportError';
  }
}

/** Reads and checks every file; throws ContentImportError listing each problem. */
export async function readContentDirectory(directory: string): Promise<ContentFile[]> {
  const problems: string[] = [];
  const files: ContentFile[] = [];
  const folders = (await readdir(directory, { withFileTypes: true })).filter((entry) => entry.isDirectory());
  for (const folder of folders) {
    for (const name of (await readdir(path.join(directory, folder.name))).filter((file) => file.endsWith('.json')).sort()) {
      const where = `${folder.name}/${name}`;
      let json: unknown;
      try {
        json = JSON.parse(await readFile(path.join(directory, folder.name, name), 'utf8'));
      } catch (error) {
        problems.push(`${where}: not JSON (${(error as Error).message})`);
        continue;
      }
      const parsed = contentFileSchema.safeParse(json);
      if (!parsed.success) {
        problems.push(`${where}: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'file'} ${issue.message}`).join('; ')}`);
        continue;
      }
      if (parsed.data.type !== folder.name) problems.push(`${where}: type ${parsed.data.type} does not match its folder`);
      else if (name !== fileName(parsed.data)) problems.push(`${where}: file name should be ${fileName(parsed.data)}`);
      else {
        try {
          files.push(preparePostForWrite(parsed.data));
        } catch (error) {
          if (error instanceof InvalidPostError) problems.push(`${where}: ${error.issues.map((issue) => `${issue.field} ${issue.error}`).join('; ')}`);
          else throw error;
        }
      }
    }
  }
  if (problems.length > 0) throw new ContentImportError(problems);
  return files;
}

export async function importContent(db: Db, directory: string): Promise<{ files: number }> {
  const files = await readContentDirectory(directory);
  await db.transaction(async (tx) => {
    for (const file of files) await upsertPost(tx as unknown as Db, file);
  });
  return { files: files.length };
}
