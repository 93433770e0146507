// The settings file's name inside Quire's data folder, apart from SettingsService so the CLI can
// find the app's settings without loading zod at start-up.
export const SETTINGS_FILE = 'settings.json'
