// A real full disk for tests: a small tmpfs mounted on a temp folder. Mounting needs root (or
// CAP_SYS_ADMIN); where the test process cannot mount, `smallTmpfs` returns null and the caller
// skips with that reason (the structural check of a short index file still runs everywhere).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export interface Tmpfs {
  dir: string
  /** Unmounts and removes the mount point. */
  dispose(): void
}

export function smallTmpfs(bytes: number): Tmpfs | null {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return null
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-tmpfs-'))
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${bytes}`, 'tmpfs', dir], { stdio: 'ignore' })
  } catch {
    fs.rmdirSync(dir)
    return null
  }
  return {
    dir,
    dispose() {
      execFileSync('umount', ['-l', dir], { stdio: 'ignore' })
      fs.rmdirSync(dir)
    },
  }
}

/** Canmount check for `it.skipIf`, without leaving a mount behind. */
export const CAN_MOUNT_TMPFS = (() => {
  const t = smallTmpfs(64 * 1024)
  t?.dispose()
  return t !== null
})()

/** Fills a mounted tmpfs until `leave` bytes are free. */
export function fillDisk(dir: string, leave: number): void {
  const free = fs.statfsSync(dir).bavail * fs.statfsSync(dir).bsize
  if (free > leave) fs.writeFileSync(path.join(dir, 'filler.bin'), Buffer.alloc(free - leave))
}
