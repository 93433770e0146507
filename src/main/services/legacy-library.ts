import fs from 'node:fs'
import path from 'node:path'

/**
 * Desktop builds before the shared data folder kept the library in Electron's userData folder.
 * So that an upgrade never leaves an analyst's library behind, the first start moves `library/`
 * (and an imported `models/` folder) from there into Quire's data folder when that folder has no
 * library yet. A rename keeps it one copy (no stray duplicate of confidential files); where the two
 * folders are on different disks the rename is refused (EXDEV) and the old folder is used where it is.
 * Returns the data folder to use.
 */
export function adoptLegacyLibrary(home: string, legacyHome: string): string {
  const target = path.join(home, 'library')
  const legacy = path.join(legacyHome, 'library')
  if (path.resolve(home) === path.resolve(legacyHome)) return home
  if (fs.existsSync(target) || !fs.existsSync(legacy)) return home
  try {
    fs.mkdirSync(home, { recursive: true })
    fs.renameSync(legacy, target)
  } catch {
    return legacyHome
  }
  const legacyModels = path.join(legacyHome, 'models')
  const models = path.join(home, 'models')
  if (fs.existsSync(legacyModels) && !fs.existsSync(models)) {
    try {
      fs.renameSync(legacyModels, models)
    } catch {
      // The library moved; a model folder left behind is re-imported from Settings.
    }
  }
  return home
}
