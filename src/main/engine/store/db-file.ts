// The library database's file name, declared with every other file a library folder holds
// (library-files.ts, plain Node): the CLI checks for it before running any command.
export { DB_FILE } from './library-files.js'
