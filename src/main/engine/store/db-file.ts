// The library database's file name, in a module of its own: the CLI checks for it before running
// any command, and importing it from library.ts would load SQLite and hnswlib into every start.
export const DB_FILE = 'library.sqlite'
