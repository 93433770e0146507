/**
 * `quire collections [list | create NAME | rename NAME NEW | delete NAME] --library DIR [--json]`:
 * the library's collections (named sets of documents). Deleting one keeps its documents in the
 * library. Documents go into a collection with `quire ingest --collection NAME FILES`.
 */
import { QuireError } from '@shared/errors.js'
import { countOf } from '@shared/labels.js'
import type { Collection } from '@shared/search-scope.js'
import { OpenLibrary } from '../../engine/open-library/open-library.js'
import type { Io } from '../output.js'
import { printJson } from '../output.js'
import { forTerminal } from '../terminal-text.js'

export interface CollectionsCommandOptions {
  library: string
  json: boolean
}

const ACTIONS = ['list', 'create', 'rename', 'delete'] as const
type Action = (typeof ACTIONS)[number]

const USAGE = 'quire collections [list | create NAME | rename NAME NEW-NAME | delete NAME]'

function collectionJson(c: Collection) {
  return { id: c.id, name: c.name, documents: c.documents, created_at: c.createdAt }
}

export async function collectionsCommand(
  action: string | undefined,
  names: string[],
  opts: CollectionsCommandOptions,
  io: Io,
): Promise<number> {
  const act = (action ?? 'list') as Action
  if (!ACTIONS.includes(act))
    throw new QuireError('INVALID_ARGUMENT', `Unknown action "${action}". Use: ${USAGE}`)
  const wanted = { list: 0, create: 1, rename: 2, delete: 1 }[act]
  if (names.length !== wanted)
    throw new QuireError(
      'INVALID_ARGUMENT',
      `quire collections ${act} takes ${wanted === 0 ? 'no names' : countOf(wanted, 'name')} (in quotes when it has spaces). Use: ${USAGE}`,
    )
  // Listing only reads: a library on a read-only disk can be listed.
  const owner = await OpenLibrary.open(
    opts.library,
    act === 'list' ? { readOnly: true, readOnlyFolder: true } : {},
  )
  try {
    const collections = owner.collections
    if (act === 'list') {
      const list = collections.list()
      if (opts.json) printJson(io, { collections: list.map(collectionJson) })
      else if (list.length === 0)
        io.stdout.write(
          'No collections yet. Make one with: quire ingest --collection NAME FILES --library DIR\n',
        )
      else
        for (const c of list)
          io.stdout.write(
            `${String(c.id).padStart(4)}  ${forTerminal(c.name)}  (${countOf(c.documents, 'document')})\n`,
          )
      return 0
    }
    let changed: Collection
    let line: string
    if (act === 'create') {
      changed = collections.create(names[0]!)
      line = `Created the collection "${changed.name}".`
    } else if (act === 'rename') {
      const before = collections.requireByName(names[0]!)
      changed = collections.rename(before.id, names[1]!)
      line = `Renamed "${before.name}" to "${changed.name}".`
    } else {
      changed = collections.requireByName(names[0]!)
      collections.delete(changed.id)
      line = `Deleted the collection "${changed.name}"; its ${countOf(changed.documents, 'document')} ${changed.documents === 1 ? 'stays' : 'stay'} in the library.`
    }
    if (opts.json) printJson(io, { collection: collectionJson(changed), action: act })
    else io.stdout.write(`${forTerminal(line)}\n`)
    return 0
  } finally {
    await owner.close()
  }
}
