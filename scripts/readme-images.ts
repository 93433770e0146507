// `npm run readme-images`: the README's pictures, taken by the Chromium end-to-end tests. Runs the
// test files that take them (their screenshots land in test-artifacts/e2e/), then copies the chosen
// ones into docs/images/, so every picture in the README is what the current build shows.
// `npm run readme-images -- --copy-only` copies the screenshots of an earlier `npm run test:e2e`.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export interface ReadmeImage {
  /** The file under docs/images/ that README.md shows. */
  image: string
  /** The screenshot the end-to-end test saves under test-artifacts/e2e/. */
  screenshot: string
  /** The test file that takes it. */
  test: string
}

export const README_IMAGES: readonly ReadmeImage[] = [
  { image: 'first-run.png', screenshot: 'browser-01-first-run.png', test: 'tests/e2e/browser.e2e.test.ts' },
  { image: 'import.png', screenshot: 'window-import-per-file.png', test: 'tests/e2e/window.e2e.test.ts' },
  {
    image: 'answer-and-viewer.png',
    screenshot: 'answers-02-claim-highlight.png',
    test: 'tests/e2e/answers.e2e.test.ts',
  },
  { image: 'not-found.png', screenshot: 'answers-05-not-found.png', test: 'tests/e2e/answers.e2e.test.ts' },
  {
    image: 'scanned.png',
    screenshot: 'scanned-03-viewer-highlight.png',
    test: 'tests/e2e/scanned.e2e.test.ts',
  },
]

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/**
 * Copies each chosen screenshot from `artifactsDir` to `imagesDir`. Throws, naming every missing
 * screenshot and the test that takes it, before copying anything: a half-updated set of pictures
 * would show two versions of the app side by side.
 */
export function copyReadmeImages(artifactsDir: string, imagesDir: string): string[] {
  const missing = README_IMAGES.filter((i) => !fs.existsSync(path.join(artifactsDir, i.screenshot)))
  if (missing.length) {
    throw new Error(
      `Missing screenshots in ${artifactsDir}: ${missing.map((i) => `${i.screenshot} (${i.test})`).join(', ')}. ` +
        'Run `npm run readme-images` to take them (needs Chromium at /usr/bin/chromium).',
    )
  }
  fs.mkdirSync(imagesDir, { recursive: true })
  return README_IMAGES.map((i) => {
    const to = path.join(imagesDir, i.image)
    fs.copyFileSync(path.join(artifactsDir, i.screenshot), to)
    return to
  })
}

function main(args: string[]): number {
  if (!args.includes('--copy-only')) {
    const tests = [...new Set(README_IMAGES.map((i) => i.test))]
    const vitest = path.join(REPO_ROOT, 'node_modules', 'vitest', 'vitest.mjs')
    const run = spawnSync(
      process.execPath,
      [vitest, 'run', '--config', 'tests/e2e/vitest.e2e.config.ts', ...tests],
      { cwd: REPO_ROOT, stdio: 'inherit' },
    )
    if (run.status !== 0) {
      console.error('The end-to-end tests failed; docs/images/ is left as it was.')
      return run.status ?? 1
    }
  }
  const copied = copyReadmeImages(
    path.join(REPO_ROOT, 'test-artifacts', 'e2e'),
    path.join(REPO_ROOT, 'docs', 'images'),
  )
  for (const f of copied) console.log(path.relative(REPO_ROOT, f))
  return 0
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.exitCode = main(process.argv.slice(2))
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err))
    process.exitCode = 1
  }
}
