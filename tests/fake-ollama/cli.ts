/**
 * Runs the fake Ollama standalone, for the benchmark, end-to-end tests and manual runs:
 *   node --import tsx tests/fake-ollama/cli.ts --port 11435 [--script script.json] [--model NAME --context N]
 *     [--echo | --echo-uncited]
 * A script file is a FakeOllamaScript as JSON (function replies are only possible in-process);
 * --echo answers every request by echoing its numbered sources, cited (echoSourcesReply), and
 * --echo-uncited the same without citation numbers.
 * Prints the URL on stdout once listening; stops on SIGINT/SIGTERM.
 */
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { echoSourcesReply } from './default-reply.js'
import { startFakeOllama, type FakeOllamaScript } from './fake-ollama.js'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    script: { type: 'string' },
    model: { type: 'string' },
    context: { type: 'string', default: '8192' },
    echo: { type: 'boolean', default: false },
    'echo-uncited': { type: 'boolean', default: false },
  },
})

const script: FakeOllamaScript = values.script
  ? (JSON.parse(readFileSync(values.script, 'utf8')) as FakeOllamaScript)
  : {}
if (values.echo || values['echo-uncited'])
  script.chat = (body) => echoSourcesReply(body, { cite: !values['echo-uncited'] })
if (values.model) script.models = [{ name: values.model, contextLength: Number(values.context) }]

const fake = await startFakeOllama(script, { port: Number(values.port), host: values.host })
process.stdout.write(`${fake.url}\n`)

const stop = () => {
  void fake.close().then(() => process.exit(0))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
