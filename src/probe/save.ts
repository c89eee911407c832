import {randomBytes} from 'node:crypto';
import {constants} from 'node:fs';
import {copyFile, link, open, rename, stat, unlink} from 'node:fs/promises';
import {basename, dirname, join, resolve} from 'node:path';
import {UserError} from '../report/user-error.js';

/** Checked before the host is even asked, so a refused `--save` costs no request. */
export async function assertSavable(file: string, cwd: string, force: boolean): Promise<void> {
  const dest = resolve(cwd, file);
  const existing = await stat(dest).catch(() => undefined);
  if (existing?.isDirectory()) throw new UserError(`--save ${file}: it is a folder`);
  if (existing && !force) throw new UserError(`--save ${file}: the file exists`, 'pass --force to overwrite it');
  const dir = await stat(dirname(dest)).catch(() => undefined);
  if (!dir?.isDirectory()) throw new UserError(`--save ${file}: folder ${dirname(dest)} does not exist`);
}

/**
 * Writes a temp file beside the target, fsyncs it, then moves it into place: rename when overwriting is allowed,
 * link otherwise — link fails if the name appeared meanwhile, so a file created after assertSavable is never lost.
 */
export async function saveDocument(file: string, cwd: string, text: string, force: boolean): Promise<string> {
  const dest = resolve(cwd, file);
  const temp = join(dirname(dest), `.${basename(dest)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'wx', 0o644);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (force) await rename(temp, dest);
    else {
      await link(temp, dest).catch(async (error: NodeJS.ErrnoException) => {
        // File systems without hard links: an exclusive copy keeps the never-overwrite promise.
        if (error.code === 'EEXIST') throw error;
        await copyFile(temp, dest, constants.COPYFILE_EXCL);
      });
      await unlink(temp);
    }
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new UserError(`--save ${file}: the file exists`, 'pass --force to overwrite it');
    throw new UserError(`--save ${file}: ${(error as Error).message}`);
  }
  return dest;
}
