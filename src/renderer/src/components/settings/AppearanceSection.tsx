// The theme switch: follow the system, or always light / always dark.
import { Monitor, Moon, Sun } from 'lucide-react'
import { useStores, useUi } from '@renderer/stores/app-stores.js'
import type { ThemeChoice } from '@renderer/stores/ui-store.js'

const CHOICES: { value: ThemeChoice; label: string; Icon: typeof Sun }[] = [
  { value: 'system', label: 'System', Icon: Monitor },
  { value: 'light', label: 'Light', Icon: Sun },
  { value: 'dark', label: 'Dark', Icon: Moon },
]

export function AppearanceSection() {
  const { ui } = useStores()
  const theme = useUi((s) => s.theme)
  return (
    <section className="settings-section" aria-label="Appearance">
      <h3>Appearance</h3>
      <div className="segmented" role="radiogroup" aria-label="Theme">
        {CHOICES.map(({ value, label, Icon }) => (
          <label key={value} className={theme === value ? 'is-on' : ''}>
            <input
              type="radio"
              name="theme"
              value={value}
              checked={theme === value}
              onChange={() => ui.getState().setTheme(value)}
            />
            <Icon size={14} aria-hidden="true" />
            {label}
          </label>
        ))}
      </div>
    </section>
  )
}
