import { main } from './main.js'
import { stopQuietlyOnClosedPipe } from './output.js'

stopQuietlyOnClosedPipe()

process.exitCode = await main(process.argv.slice(2))
