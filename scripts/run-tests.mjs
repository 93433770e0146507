// `npm test`: type-check, lint, unit and integration tests (vitest), then the end-to-end UI tests
// in Debian's Chromium when it is installed. Ends with one "N passed, N failed" line.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, mkdirSync } from 'node:fs'

const major = Number(process.versions.node.split('.')[0])
if (major < 22) {
  console.error(
    `Quire's tests need Node >= 22 (this is ${process.versions.node}). Run them with \`npm test\` after \`npm install\`.`,
  )
  process.exit(1)
}

mkdirSync('test-artifacts', { recursive: true })
const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', shell: false }).status ?? 1
let passed = 0
let failed = 0
const tally = (file) => {
  if (!existsSync(file)) return
  const r = JSON.parse(readFileSync(file, 'utf8'))
  passed += r.numPassedTests ?? 0
  // A test file whose worker process died (an unhandled error) leaves its tests uncounted and its
  // suite failed: count it as a failure, so the summary agrees with the exit status.
  const unfinished =
    (r.numTotalTests ?? 0) - (r.numPassedTests ?? 0) - (r.numPendingTests ?? 0) - (r.numTodoTests ?? 0)
  failed += Math.max(r.numFailedTests ?? 0, unfinished, r.numFailedTestSuites ?? 0)
}

let status = 0
status ||= run('npx', ['tsc', '-b'])
status ||= run('npx', ['eslint', '.'])
status ||= run('npx', ['prettier', '--check', '--log-level', 'warn', '.'])
const unit = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile=test-artifacts/unit.json',
])
tally('test-artifacts/unit.json')
status ||= unit
if (existsSync('tests/e2e/vitest.e2e.config.ts')) {
  if (existsSync('/usr/bin/chromium')) {
    const e2e = run('npx', [
      'vitest',
      'run',
      '--config',
      'tests/e2e/vitest.e2e.config.ts',
      '--reporter=default',
      '--reporter=json',
      '--outputFile=test-artifacts/e2e.json',
    ])
    tally('test-artifacts/e2e.json')
    status ||= e2e
  } else {
    console.log('End-to-end tests skipped: /usr/bin/chromium is not installed (apt-get install chromium).')
  }
}
if (status && failed === 0) console.log('A step above ended with an error (see its output).')
console.log(`${passed} passed, ${failed} failed`)
process.exit(status || (failed > 0 ? 1 : 0))
