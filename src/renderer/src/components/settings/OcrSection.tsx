// OCR of scanned pages on import: on by default; English is the only language shipped for now.
import { useSettings, useStores } from '@renderer/stores/app-stores.js'

export function OcrSection() {
  const { settings } = useStores()
  const ocr = useSettings((s) => s.settings?.ocr ?? true)
  return (
    <section className="settings-section" aria-label="Scanned documents">
      <h3>Scanned documents</h3>
      <label className="field-row">
        <input
          type="checkbox"
          checked={ocr}
          onChange={(e) => void settings.getState().save({ ocr: e.target.checked })}
        />
        Read scanned pages and images with OCR (English)
      </label>
      <p className="muted small">
        Runs on this computer only. Off: PDFs without a text layer and image files are not imported. Applies
        to the next import.
      </p>
    </section>
  )
}
