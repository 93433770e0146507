import type Database from 'better-sqlite3'

/** An open library database (better-sqlite3). Its own file so the migrations need not import the opener. */
export type Db = Database.Database
