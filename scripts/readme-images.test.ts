import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTempDirs } from '@tests/helpers/temp-dir.js'
import { copyReadmeImages, README_IMAGES, REPO_ROOT } from './readme-images.js'

const tempDir = useTempDirs()

describe('README pictures', () => {
  it('shows only pictures the end-to-end tests take, and every one is committed', () => {
    const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8')
    const shown = [...readme.matchAll(/docs\/images\/([\w.-]+\.png)/g)].map((m) => m[1])
    const listed = README_IMAGES.map((i) => i.image)
    for (const image of shown) expect(listed).toContain(image)
    for (const image of listed)
      expect(fs.existsSync(path.join(REPO_ROOT, 'docs', 'images', image))).toBe(true)
  })

  it('names each picture after a screenshot a test saves', () => {
    for (const { screenshot, test } of README_IMAGES) {
      const source = fs.readFileSync(path.join(REPO_ROOT, test), 'utf8')
      const name = screenshot.replace(/\.png$/, '')
      expect(source, `${test} saves ${screenshot}`).toContain(`step.screenshot(page, '${name}')`)
    }
  })

  it('copies the chosen screenshots, and copies nothing when one is missing', () => {
    const artifacts = tempDir()
    const images = path.join(tempDir(), 'images')
    const [first, ...rest] = README_IMAGES
    if (!first) throw new Error('no README images listed')
    for (const { screenshot } of rest) fs.writeFileSync(path.join(artifacts, screenshot), screenshot)
    expect(() => copyReadmeImages(artifacts, images)).toThrow(first.screenshot)
    expect(fs.existsSync(images)).toBe(false)

    fs.writeFileSync(path.join(artifacts, first.screenshot), first.screenshot)
    expect(copyReadmeImages(artifacts, images)).toHaveLength(README_IMAGES.length)
    for (const { image, screenshot } of README_IMAGES) {
      expect(fs.readFileSync(path.join(images, image), 'utf8')).toBe(screenshot)
    }
  })
})
