// The listing-photo cache's render lock (seed/photos.ts): a backend killed while rendering the
// photos on its first start leaves the lock behind; the next start takes it over at once when its
// holder is gone (its PID dead on this machine, or this very PID without holding it, as after a
// container restart; or a lock that never got its owner file), and waits while the holder lives.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockCache } from '../src/seed/photos.ts';

const dirs: string[] = [];
function cacheDir() {
  const root = mkdtempSync(join(tmpdir(), 'hs-photo-lock-'));
  dirs.push(root);
  return join(root, 'photos');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A lock as a holder leaves it: the folder and its owner file. */
async function leftLock(dir: string, pid: number, token = '00000000-0000-4000-8000-000000000001') {
  const lock = `${dir}.lock`;
  await mkdir(lock);
  await writeFile(join(lock, 'owner.json'), JSON.stringify({ pid, host: hostname(), token }));
  return lock;
}

/** The PID of a process that has exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid;

/**
 * lockCache's answer, or 'waiting' if it has none within `ms`. A call still waiting ends when
 * afterEach removes its folder (its next mkdir fails), which is not this test's failure.
 */
const within = <T>(work: Promise<T>, ms: number) => {
  work.catch(() => undefined);
  return Promise.race([work, new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), ms))]);
};

describe('the photo cache lock', () => {
  it('is taken over at once from a holder whose process is gone, and names its new owner', async () => {
    const dir = cacheDir();
    const lock = await leftLock(dir, deadPid());
    // What the killed holder had rendered is cleared with its lock.
    await mkdir(`${dir}.staging-00000000-0000-4000-8000-000000000001`);
    const token = await within(lockCache(lock, dir), 2000);
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(await readFile(join(lock, 'owner.json'), 'utf8'))).toEqual({ pid: process.pid, host: hostname(), token });
    await expect(readFile(`${dir}.staging-00000000-0000-4000-8000-000000000001`)).rejects.toThrow();
  });

  it("is taken over from this process's own PID when this process does not hold it (a restarted container's)", async () => {
    const dir = cacheDir();
    const lock = await leftLock(dir, process.pid);
    expect(await within(lockCache(lock, dir), 2000)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is taken over when it never got its owner file, once that is not just a moment ago', async () => {
    const young = cacheDir();
    await mkdir(`${young}.lock`);
    expect(await within(lockCache(`${young}.lock`, young), 600)).toBe('waiting');
    const dir = cacheDir();
    const lock = `${dir}.lock`;
    await mkdir(lock);
    const old = new Date(Date.now() - 60_000);
    await utimes(lock, old, old);
    expect(await within(lockCache(lock, dir), 2000)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is waited for while its holder lives, and taken once it lets go', async () => {
    const dir = cacheDir();
    // This process's parent lives as long as the test.
    const lock = await leftLock(dir, process.ppid);
    const taking = lockCache(lock, dir);
    expect(await within(taking, 1000)).toBe('waiting');
    await rm(lock, { recursive: true });
    expect(await within(taking, 2000)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is waited for by another caller in this process while this process holds it', async () => {
    const dir = cacheDir();
    const lock = `${dir}.lock`;
    const first = await lockCache(lock, dir);
    expect(first).not.toBeNull();
    expect(await within(lockCache(lock, dir), 1000)).toBe('waiting');
  });
});
